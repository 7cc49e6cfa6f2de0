"""Lookalikes: training-stack messages that mention memory, OOM or a memory-ish error but record no out-of-memory failure."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="L01-composer-microbatch-decreased-then-trains-on", kind="lookalike",
         family="Composer automatic microbatching recovered: `RuntimeWarning: CUDA out of memory or excessive memory allocation retries detected. Train microbatch size will be decreased from 16 -> 8.` and training goes on to the end",
         version="composer 0.17-0.27 (trainer.py _adjust_device_train_microbatch_size warnings.warn(RuntimeWarning(...)))",
         source="mosaicml/composer composer/trainer/trainer.py _adjust_device_train_microbatch_size (warnings.warn(RuntimeWarning('CUDA out of memory or excessive memory allocation retries detected. Train microbatch size will be decreased from ' f'{original_microbatch_size} -> {state.device_train_microbatch_size}.')))",
         note="the OOM was caught and the microbatch halved by design; the run finished",
         log=f'''[batch=1/6000]:
	 Train time/batch: 0
	 Train memory/peak_allocated_mem: 77.912
{SP}/composer/trainer/trainer.py:2781: RuntimeWarning: CUDA out of memory or excessive memory allocation retries detected. Train microbatch size will be decreased from 16 -> 8.
  warnings.warn(
[batch=2/6000]:
	 Train time/batch: 1
	 Train loss/train/total: 2.8811
	 Train memory/peak_allocated_mem: 61.044
[batch=6000/6000]:
	 Train time/batch: 5999
	 Train loss/train/total: 1.3107
	 Train memory/peak_allocated_mem: 61.051
Checkpoint saved to s3://runs/mpt-1b/ep0-ba6000-rank0.pt
Run finished: 6000 batches in 9h41m.
'''),

    dict(name="L02-torch-sdpa-memory-efficient-kernel-not-used-warnings", kind="lookalike",
         family="torch SDPA dispatch warnings: `UserWarning: Memory efficient kernel not used because:` / `Memory Efficient attention has been runtime disabled.` / `Flash attention only supports gpu architectures in the range [sm80, sm90]` (the math kernel is used; training continues)",
         version="torch 2.1-2.9 (aten/src/ATen/native/transformers/cuda/sdp_utils.cpp TORCH_WARN lines)",
         source="pytorch/pytorch aten/src/ATen/native/transformers/cuda/sdp_utils.cpp (TORCH_WARN('Memory efficient kernel not used because:'), TORCH_WARN('Flash attention kernel not used because:'), check_sm_version warnings) + sdp_utils_cpp.h ('Memory Efficient attention has been runtime disabled.')",
         note="kernel selection warnings; nothing ran out of memory",
         log=f'''{SP}/transformers/models/llama/modeling_llama.py:602: UserWarning: Memory efficient kernel not used because: (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:718.)
  attn_output = torch.nn.functional.scaled_dot_product_attention(
{SP}/transformers/models/llama/modeling_llama.py:602: UserWarning: Memory Efficient attention has been runtime disabled. (Triggered internally at ../aten/src/ATen/native/transformers/sdp_utils_cpp.h:495.)
  attn_output = torch.nn.functional.scaled_dot_product_attention(
{SP}/transformers/models/llama/modeling_llama.py:602: UserWarning: Flash attention kernel not used because: (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:720.)
  attn_output = torch.nn.functional.scaled_dot_product_attention(
{SP}/transformers/models/llama/modeling_llama.py:602: UserWarning: Flash attention only supports gpu architectures in the range [sm80, sm90]. Attempting to run on a sm 7.5 gpu. (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:201.)
  attn_output = torch.nn.functional.scaled_dot_product_attention(
{{'loss': 2.0113, 'grad_norm': 1.402, 'learning_rate': 1.99e-05, 'epoch': 0.01}}
{{'loss': 1.8420, 'grad_norm': 1.118, 'learning_rate': 1.98e-05, 'epoch': 0.02}}
{{'train_runtime': 1840.2, 'train_samples_per_second': 4.35, 'train_loss': 1.4471, 'epoch': 1.0}}
'''),

    dict(name="L03-nccl-ib-completion-status-12-retry-exceeded", kind="lookalike",
         family="NCCL InfiniBand completion error `NET/IB : Got completion from peer ... with status=12 ...` (12 = IBV_WC_RETRY_EXC_ERR, transport retry counter exceeded: a network fault), then `ncclRemoteError` and the watchdog",
         version="NCCL 2.18-2.21 (net_ib.cc: WARN('NET/IB : Got completion from peer %s with status=%d opcode=%d len=%d vendor err %d (%s)%s%s%s%s hca %s')) ; torch 2.3+ ProcessGroupNCCL",
         source="NVIDIA/nccl src/transport/net_ib.cc ncclIbTest (WARN(\"NET/IB : Got completion from peer %s with status=%d opcode=%d len=%d vendor err %d (%s)...\")) + include/nccl.h ncclRemoteError ('remote process exited or there was a network error')",
         note="status 12 is the verbs work-completion code for retries exceeded, not ENOMEM",
         log='''gpu-n07:118822:119410 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.20.1.14<51823> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.20.1.13 remoteGids::ffff:10.20.1.14 hca mlx5_3
gpu-n07:118822:119410 [3] NCCL INFO transport/net.cc:1298 -> 6
gpu-n07:118822:119410 [3] NCCL INFO proxy.cc:698 -> 6
gpu-n07:118822:119410 [3] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]
[rank11]:[E1014 04:31:09.640311227 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank 11] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5
[rank11]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.
[rank11]: Last error:
[rank11]: NET/IB : Got completion from peer 10.20.1.14<51823> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.20.1.13 remoteGids::ffff:10.20.1.14 hca mlx5_3
'''),

    dict(name="L04-nccl-cuda-failure-illegal-memory-access", kind="lookalike",
         family="NCCL's `Cuda failure 'an illegal memory access was encountered'` WARN and the DistBackendError that carries it (`ncclUnhandledCudaError` ... `Last error:`): the same wrapper as NCCL's OOM, a different CUDA error",
         version="NCCL 2.18-2.23 (CUDACHECK WARN(\"Cuda failure '%s'\", cudaGetErrorString(err))) ; torch 2.4+ DistBackendError",
         source="NVIDIA/nccl src/include/checks.h CUDACHECK (WARN(\"Cuda failure '%s'\", cudaGetErrorString(err))) + pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp",
         note="an illegal memory access (a kernel bug or corrupted state), not an allocation failure",
         log='''gpu-node-4:31337:31502 [2] enqueue.cc:1556 NCCL WARN Cuda failure 'an illegal memory access was encountered'
gpu-node-4:31337:31502 [2] NCCL INFO group.cc:231 -> 1
gpu-node-4:31337:31502 [2] NCCL INFO group.cc:453 -> 1
[rank2]: Traceback (most recent call last):
[rank2]:   File "/workspace/moe/train.py", line 318, in <module>
[rank2]:     dist.all_reduce(grad_norm_sq)
[rank2]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5
[rank2]: ncclUnhandledCudaError: Call to CUDA function failed.
[rank2]: Last error:
[rank2]: Cuda failure 'an illegal memory access was encountered'
'''),

    dict(name="L05-accelerate-estimate-memory-table", kind="lookalike",
         family="`accelerate estimate-memory`: the `Memory Usage for loading <model>` table (dtype, Largest Layer, Total Size, Training using Adam) printed on request",
         version="accelerate 0.2x-1.x (commands/estimate.py estimate_command, create_ascii_table)",
         source="huggingface/accelerate src/accelerate/commands/estimate.py estimate_command (title = f'Memory Usage for loading `{args.model_name}`'; headers ['dtype', 'Largest Layer', 'Total Size', 'Training using Adam'])",
         note="an estimate the user asked for; nothing ran",
         log='''$ accelerate estimate-memory meta-llama/Llama-3.1-8B --dtypes float32 float16 int8 int4
Loading pretrained config for `meta-llama/Llama-3.1-8B` from `transformers`...
┌────────────────────────────────────────────────────────┐
│  Memory Usage for loading `meta-llama/Llama-3.1-8B`    │
├───────┬─────────────┬──────────┬───────────────────────┤
│ dtype │Largest Layer│Total Size│  Training using Adam  │
├───────┼─────────────┼──────────┼───────────────────────┤
│float32│    3.91 GB  │ 29.92 GB │       119.68 GB       │
│float16│    1.96 GB  │ 14.96 GB │        59.84 GB       │
│  int8 │  1002.0 MB  │  7.48 GB │          N/A          │
│  int4 │   501.0 MB  │  3.74 GB │          N/A          │
└───────┴─────────────┴──────────┴───────────────────────┘
'''),

    dict(name="L06-lightning-model-summary-estimated-size-mb", kind="lookalike",
         family="Lightning ModelSummary: `Total estimated model params size (MB)` and the params table at fit start, then a run that ends normally (`Trainer.fit` stopped: `max_epochs=3` reached.)",
         version="lightning 2.x (utilities/model_summary/model_summary.py summarize: 'Total estimated model params size (MB)')",
         source="Lightning-AI/pytorch-lightning src/lightning/pytorch/utilities/model_summary/model_summary.py _format_summary_table ('Total estimated model params size (MB)') + trainer ('`Trainer.fit` stopped: `max_epochs=...` reached.')",
         note="a size estimate and a finished run",
         log='''LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]

  | Name  | Type             | Params | Mode 
---------------------------------------------------
0 | model | LlamaForCausalLM | 1.2 B  | train
1 | loss  | CrossEntropyLoss | 0      | train
---------------------------------------------------
1.2 B     Trainable params
0         Non-trainable params
1.2 B     Total params
4,943.962 Total estimated model params size (MB)
291       Modules in train mode
0         Modules in eval mode
Epoch 2: 100%|██████████| 2500/2500 [41:12<00:00,  1.01it/s, v_num=7, train_loss=1.920, val_loss=2.010]
`Trainer.fit` stopped: `max_epochs=3` reached.
'''),

    dict(name="L07-accelerate-parameters-offloaded-meta-device-warning", kind="lookalike",
         family="accelerate dispatch warning `Some parameters are on the meta device because they were offloaded to the cpu.` (device_map='auto' placed layers on the CPU; generation runs, slowly)",
         version="accelerate 0.2x-1.x (big_modeling.py dispatch_model: logger.warning('Some parameters are on the meta device because they were offloaded to the ...'))",
         source="huggingface/accelerate src/accelerate/big_modeling.py dispatch_model (if offloaded devices: logger.warning(f'Some parameters are on the meta device because they were offloaded to the {offloaded_devices_str}.'))",
         note="a placement warning; nothing failed",
         log='''>>> model = AutoModelForCausalLM.from_pretrained("mistralai/Mixtral-8x7B-Instruct-v0.1", device_map="auto", torch_dtype=torch.float16)
Loading checkpoint shards: 100%|██████████| 19/19 [01:44<00:00,  5.49s/it]
Some parameters are on the meta device because they were offloaded to the cpu.
>>> out = model.generate(**inputs, max_new_tokens=128)
>>> print(tok.decode(out[0], skip_special_tokens=True)[:80])
The capital of Australia is Canberra, which was chosen as a compromise between
'''),

    dict(name="L08-flash-attn-cuda-misaligned-address", kind="lookalike",
         family="`RuntimeError: CUDA error: misaligned address` raised from flash-attn's varlen forward (a kernel / layout bug), with torch's usual asynchronous-error footer",
         version="flash-attn 2.5-2.7 ; torch 2.1-2.9 (c10/cuda/CUDAException.cpp footer: CUDA kernel errors might be asynchronously reported ... TORCH_USE_CUDA_DSA)",
         source="Dao-AILab/flash-attention flash_attn/flash_attn_interface.py _flash_attn_varlen_forward + pytorch/pytorch c10/cuda/CUDAException.cpp c10_cuda_check_implementation",
         note="a misaligned address is a kernel fault, not memory exhaustion",
         log=f'''Traceback (most recent call last):
  File "/workspace/packing/train.py", line 133, in <module>
    out = model(input_ids=ids, position_ids=pos, cu_seqlens=cu)
  File "{SP}/flash_attn/flash_attn_interface.py", line 170, in _flash_attn_varlen_forward
    out, softmax_lse, S_dmask, rng_state = flash_attn_gpu.varlen_fwd(
RuntimeError: CUDA error: misaligned address
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
'''),

    dict(name="L09-tf-set-memory-growth-after-init-runtimeerror", kind="lookalike",
         family="TensorFlow: `RuntimeError: Physical devices cannot be modified after being initialized` raised by `tf.config.experimental.set_memory_growth` called too late (a configuration-order error around GPU memory settings)",
         version="TensorFlow 2.x (context.py set_memory_growth: raise RuntimeError('Physical devices cannot be modified after being initialized'))",
         source="tensorflow/tensorflow tensorflow/python/eager/context.py Context.set_memory_growth (if self._context_handle is not None: raise RuntimeError('Physical devices cannot be modified after being initialized'))",
         note="a configuration error; no allocation failed",
         log=f'''2025-02-10 09:12:44.102311: I tensorflow/core/common_runtime/gpu/gpu_device.cc:2021] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22282 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 4090, pci bus id: 0000:01:00.0, compute capability: 8.9
Traceback (most recent call last):
  File "/home/ty/keras-seg/train.py", line 24, in <module>
    tf.config.experimental.set_memory_growth(gpu, True)
  File "{SP}/tensorflow/python/framework/config.py", line 754, in set_memory_growth
    context.context().set_memory_growth(device, enable)
  File "{SP}/tensorflow/python/eager/context.py", line 1787, in set_memory_growth
    raise RuntimeError(
RuntimeError: Physical devices cannot be modified after being initialized
'''),

    dict(name="L10-torch-profiler-memory-table", kind="lookalike",
         family="torch.profiler `key_averages().table(sort_by='self_cuda_memory_usage')` with profile_memory=True: `CUDA Mem` / `Self CUDA Mem` columns and a `[memory]` row (metrics of a profiled step)",
         version="torch 1.8-2.9 (profiler_util.py _build_table: headers 'CPU Mem', 'Self CPU Mem', 'CUDA Mem', 'Self CUDA Mem'; '[memory]' events)",
         source="pytorch/pytorch torch/autograd/profiler_util.py _build_table (headers.extend(['CPU Mem', 'Self CPU Mem']) / (['CUDA Mem', 'Self CUDA Mem']) when profile_memory)",
         note="memory metrics of a healthy profiled step",
         log='''-------------------------------------------------------  ------------  ------------  ------------  ------------  ------------  ------------  ------------  
                                                   Name    Self CPU %      Self CPU   CPU total %     CPU total      CUDA Mem  Self CUDA Mem    # of Calls  
-------------------------------------------------------  ------------  ------------  ------------  ------------  ------------  ------------  ------------  
                                    aten::empty_strided         1.21%       3.301ms         1.21%       3.301ms      18.52 Gb      18.52 Gb           292  
                                            aten::empty         0.88%       2.411ms         0.88%       2.411ms       9.13 Gb       9.13 Gb           611  
                                               aten::mm         2.02%       5.512ms         3.40%       9.271ms       6.00 Gb       6.00 Gb           144  
                                                [memory]         0.00%       0.000us         0.00%       0.000us     -33.41 Gb     -33.41 Gb          1288  
-------------------------------------------------------  ------------  ------------  ------------  ------------  ------------  ------------  ------------  
Self CPU time total: 272.804ms
Self CUDA time total: 251.772ms
'''),

    dict(name="L11-cuda-graph-capture-operation-not-permitted", kind="lookalike",
         family="`CUDA error: operation not permitted when stream is capturing` during torch.compile(mode='reduce-overhead') CUDA-graph capture (a synchronising call inside capture)",
         version="torch 2.1-2.9 (cudaErrorStreamCaptureUnsupported surfaced by C10_CUDA_CHECK with the standard footer)",
         source="pytorch/pytorch c10/cuda/CUDAException.cpp c10_cuda_check_implementation + torch/_inductor/cudagraph_trees.py (capture)",
         note="a capture-time API misuse, not memory",
         log=f'''Traceback (most recent call last):
  File "/work/bench/step.py", line 58, in <module>
    loss = compiled_step(batch)
  File "{SP}/torch/_inductor/cudagraph_trees.py", line 1939, in record_function
    static_outputs = model(inputs)
  File "/work/bench/model.py", line 91, in forward
    if torch.isnan(h).any().item():
RuntimeError: CUDA error: operation not permitted when stream is capturing
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
'''),

    dict(name="L12-transformers-help-torch-empty-cache-steps", kind="lookalike",
         family="`python train.py --help` for an HfArgumentParser script: the TrainingArguments help text of `--torch_empty_cache_steps` says it `can help avoid CUDA out-of-memory errors` (help text, nothing ran)",
         version="transformers 4.44-4.5x (training_args.py torch_empty_cache_steps metadata help)",
         source="huggingface/transformers src/transformers/training_args.py TrainingArguments.torch_empty_cache_steps (metadata help: 'Number of steps to wait before calling `torch.<device>.empty_cache()`.This can help avoid CUDA out-of-memory errors by lowering peak VRAM usage at a cost of about [10% slower performance](...).')",
         note="argparse help text",
         log='''$ python run_sft.py --help | sed -n '118,132p'
  --eval_accumulation_steps EVAL_ACCUMULATION_STEPS
                        Number of predictions steps to accumulate before
                        moving the tensors to the CPU. (default: None)
  --eval_delay EVAL_DELAY
                        Number of epochs or steps to wait for before the first
                        evaluation can be performed, depending on the
                        eval_strategy. (default: 0)
  --torch_empty_cache_steps TORCH_EMPTY_CACHE_STEPS
                        Number of steps to wait before calling
                        `torch.<device>.empty_cache()`.This can help avoid
                        CUDA out-of-memory errors by lowering peak VRAM usage
                        at a cost of about [10% slower performance](https://gi
                        thub.com/huggingface/transformers/issues/31372).If
                        left unset or set to None, cache will not be emptied.
                        (default: None)
'''),
]
