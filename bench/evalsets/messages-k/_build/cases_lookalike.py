"""Lookalikes: training-stack messages that mention memory, OOM or a memory-ish failure but record no out-of-memory
failure (recovered OOMs, warnings, metrics, config echoes, other CUDA errors)."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="L01-fairseq-recovered-oom-training-continues", kind="lookalike",
         family="fairseq trainer recovering from an OOM: `| WARNING: attempting to recover from OOM in forward/backward pass`, `OOM: Ran out of memory with exception: CUDA out of memory. ...` and the per-device memory summary, then `OOM in all workers, skipping update` and the epoch goes on to its end-of-epoch summary",
         version="fairseq 0.10-0.12 (trainer.py train_step: except RuntimeError with 'out of memory' -> self._log_oom(e); logger.warning('attempting to recover from OOM in forward/backward pass'); 'OOM in all workers, skipping update')",
         source="facebookresearch/fairseq fairseq/trainer.py Trainer.train_step / _log_oom (logger.warning('OOM: Ran out of memory with exception: {}'.format(exc)); torch.cuda.memory_summary per device) and ('attempting to recover from OOM in forward/backward pass'), ('OOM in all workers, skipping update')",
         note="the OOM was caught and the update skipped by design; the epoch and the run completed",
         log='''2024-11-25 01:10:41 | INFO | train_inner | epoch 004:    700 / 1521 loss=4.112, nll_loss=2.553, ppl=5.87, wps=61234, ups=3.9, wpb=15712, bsz=512, num_updates=5263, lr=0.000436, gnorm=0.611, train_wall=25, gb_free=3.1, wall=1421
2024-11-25 01:10:52 | WARNING | fairseq.trainer | OOM: Ran out of memory with exception: CUDA out of memory. Tried to allocate 1.21 GiB (GPU 0; 31.75 GiB total capacity; 28.40 GiB already allocated; 771.94 MiB free; 29.94 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF
2024-11-25 01:10:52 | WARNING | fairseq.trainer | |===========================================================================|
|                  PyTorch CUDA memory summary, device ID 0                 |
|---------------------------------------------------------------------------|
|            CUDA OOMs: 1            |        cudaMalloc retries: 2         |
|===========================================================================|
2024-11-25 01:10:52 | WARNING | fairseq.trainer | attempting to recover from OOM in forward/backward pass
2024-11-25 01:10:52 | WARNING | fairseq.trainer | OOM in all workers, skipping update
2024-11-25 01:11:17 | INFO | train_inner | epoch 004:    800 / 1521 loss=4.105, nll_loss=2.547, ppl=5.84, wps=60872, ups=3.88, wpb=15688, bsz=511, num_updates=5362, lr=0.000432, gnorm=0.603, train_wall=25, gb_free=3.3, wall=1447
2024-11-25 01:14:22 | INFO | train | epoch 004 | loss 4.108 | nll_loss 2.55 | ppl 5.86 | wps 60911 | ups 3.88 | wpb 15701 | bsz 511.6 | num_updates 6083 | lr 0.000406 | gnorm 0.608 | train_wall 390 | gb_free 3.2 | wall 1632
2024-11-25 01:14:22 | INFO | fairseq_cli.train | end of epoch 4 (average epoch stats below)
2024-11-25 01:14:31 | INFO | fairseq.checkpoint_utils | Saved checkpoint checkpoints/checkpoint4.pt (epoch 4 @ 6083 updates, score 4.31) (writing took 8.9 seconds)
'''),

    dict(name="L02-torch-dynamo-cache-size-limit-recompiles-warning", kind="lookalike",
         family="torch.compile's recompilation warning `torch._dynamo hit config.cache_size_limit (8)` with `function:` / `last reason:` and the TORCH_LOGS hint (dynamo falls back to eager for that frame; training continues)",
         version="torch 2.1-2.6 (torch/_dynamo/convert_frame.py: log.warning('torch._dynamo hit config.%s (%s)\\n   function: %s\\n   last reason: %s\\nTo log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\\nTo diagnose recompilation issues, see %s.'))",
         source="pytorch/pytorch torch/_dynamo/convert_frame.py _compile / exceeds_cache_size_limit warning ('torch._dynamo hit config.cache_size_limit (%s)', '   function: %s', '   last reason: %s', 'To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".')",
         note="a compile-cache limit, not memory; the frame runs eagerly",
         log=f'''{{'loss': 2.1033, 'grad_norm': 1.91, 'learning_rate': 1.9e-05, 'epoch': 0.05}}
W1125 00:31:42.775000 13992 torch/_dynamo/convert_frame.py:844] [0/8] torch._dynamo hit config.cache_size_limit (8)
W1125 00:31:42.775000 13992 torch/_dynamo/convert_frame.py:844] [0/8]    function: 'forward' ({SP}/transformers/models/llama/modeling_llama.py:1126)
W1125 00:31:42.775000 13992 torch/_dynamo/convert_frame.py:844] [0/8]    last reason: 0/0: tensor 'L['input_ids']' size mismatch at index 1. expected 512, actual 733
W1125 00:31:42.775000 13992 torch/_dynamo/convert_frame.py:844] [0/8] To log all recompilation reasons, use TORCH_LOGS="recompiles".
W1125 00:31:42.775000 13992 torch/_dynamo/convert_frame.py:844] [0/8] To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html.
{{'loss': 1.9871, 'grad_norm': 1.62, 'learning_rate': 1.8e-05, 'epoch': 0.1}}
{{'train_runtime': 2210.4, 'train_samples_per_second': 9.1, 'train_steps_per_second': 0.57, 'train_loss': 1.7702, 'epoch': 1.0}}
'''),

    dict(name="L03-torch-testing-cuda-memory-leak-not-verified-warning", kind="lookalike",
         family="torch's test harness (CudaMemoryLeakCheck) warning `CUDA caching allocator reports a memory leak not verified by the driver API in test_x! Caching allocator allocated memory was A and is now reported as B on device 0. CUDA driver allocated memory was C and is now D.` in a pytest run that passes",
         version="torch 1.x-2.9 (torch/testing/_internal/common_utils.py CudaMemoryLeakCheck.__exit__: warnings.warn(msg))",
         source="pytorch/pytorch torch/testing/_internal/common_utils.py CudaMemoryLeakCheck.__exit__ (msg = 'CUDA caching allocator reports a memory leak not verified by the driver API in {}! Caching allocator allocated memory was {} and is now reported as {} on device {}. CUDA driver allocated memory was {} and is now {}.'; warnings.warn(msg))",
         note="a test-harness accounting warning; every test passed",
         log='''============================= test session starts ==============================
platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0
collected 48 items

test/test_fused_rmsnorm.py ................................................ [100%]

=============================== warnings summary ===============================
test/test_fused_rmsnorm.py::TestFusedRMSNormCUDA::test_backward_large_cuda_bfloat16
  /opt/pytorch/torch/testing/_internal/common_utils.py:1133: UserWarning: CUDA caching allocator reports a memory leak not verified by the driver API in test_backward_large_cuda_bfloat16 (__main__.TestFusedRMSNormCUDA.test_backward_large_cuda_bfloat16)! Caching allocator allocated memory was 0 and is now reported as 33554432 on device 0. CUDA driver allocated memory was 1271922688 and is now 1271922688.
    warnings.warn(msg)

-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html
======================== 48 passed, 1 warning in 31.07s ========================
'''),

    dict(name="L04-tf-local-rendezvous-aborting-out-of-range-end-of-sequence", kind="lookalike",
         family="TensorFlow 2.16+ end-of-epoch noise: `Local rendezvous is aborting with status: OUT_OF_RANGE: End of sequence` (+ `[[{{node IteratorGetNext}}]]`) between Keras 3 epoch lines: the input pipeline's end of data reported as an abort",
         version="TensorFlow 2.16-2.18 (core/framework/local_rendezvous.cc:404-407 LOG: 'Local rendezvous is aborting with status: ' << status) ; Keras 3 progress bars",
         source="tensorflow/tensorflow tensorflow/core/framework/local_rendezvous.cc LocalRendezvous::StartAbort (LOG(INFO/WARNING) << 'Local rendezvous is aborting with status: ' << status); users' logs in the stored corpus",
         note="the dataset iterator ending each epoch; training finished",
         log='''Epoch 4/10
350/350 ━━━━━━━━━━━━━━━━━━━━ 41s 117ms/step - accuracy: 0.7812 - loss: 0.6145 - val_accuracy: 0.7500 - val_loss: 0.4861
Epoch 5/10
2024-11-10 11:52:54.812276: I tensorflow/core/framework/local_rendezvous.cc:405] Local rendezvous is aborting with status: OUT_OF_RANGE: End of sequence
\t [[{{node IteratorGetNext}}]]
350/350 ━━━━━━━━━━━━━━━━━━━━ 40s 114ms/step - accuracy: 0.7950 - loss: 0.5841 - val_accuracy: 0.7676 - val_loss: 0.4473
Epoch 10/10
2024-11-10 11:56:21.004117: I tensorflow/core/framework/local_rendezvous.cc:405] Local rendezvous is aborting with status: OUT_OF_RANGE: End of sequence
350/350 ━━━━━━━━━━━━━━━━━━━━ 40s 115ms/step - accuracy: 0.8411 - loss: 0.4410 - val_accuracy: 0.8133 - val_loss: 0.3990
Saved model to models/cnn_v3.keras
'''.replace("\\t", "\t")),

    dict(name="L05-jax-some-donated-buffers-not-usable-warning", kind="lookalike",
         family="JAX `UserWarning: Some donated buffers were not usable: ShapedArray(float32[784,50]).` + `See an explanation at https://jax.readthedocs.io/en/latest/faq.html#buffer-donation.` (buffer donation declined; a missed memory optimisation, training runs on)",
         version="jax 0.4.x-0.6 (jax/_src/interpreters/mlir.py: warnings.warn(f'Some donated buffers were not usable: ...'))",
         source="jax-ml/jax jax/_src/interpreters/mlir.py lower_jaxpr_to_module (warnings.warn('Some donated buffers were not usable: ' + ', '.join(unused_donations) + '.\\n' + msg)) ; tests/memories_test.py assertWarnsRegex(UserWarning, 'Some donated buffers were not usable')",
         note="an optimisation hint; the run finishes",
         log='''Epoch 1/3
/opt/conda/envs/keras-jax/lib/python3.10/site-packages/jax/_src/interpreters/mlir.py:761: UserWarning: Some donated buffers were not usable: ShapedArray(float32[784,50]), ShapedArray(float32[50]).
See an explanation at https://jax.readthedocs.io/en/latest/faq.html#buffer-donation.
  warnings.warn("Some donated buffers were not usable:"
8/8 ━━━━━━━━━━━━━━━━━━━━ 5s 8ms/step - loss: 1.0266
Epoch 2/3
8/8 ━━━━━━━━━━━━━━━━━━━━ 0s 5ms/step - loss: 0.9181
Epoch 3/3
8/8 ━━━━━━━━━━━━━━━━━━━━ 0s 5ms/step - loss: 0.8460
'''),

    dict(name="L06-cudnn-plan-failed-cudnnexception-warning", kind="lookalike",
         family="torch 2.3's cuDNN v8-API warning `UserWarning: Plan failed with a cudnnException: CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: cudnnFinalize Descriptor Failed cudnn_status: CUDNN_STATUS_NOT_SUPPORTED (Triggered internally at ../aten/src/ATen/native/cudnn/Conv_v8.cpp:919.)` during conv backward (another plan is used)",
         version="torch 2.3.x (aten/src/ATen/native/cudnn/Conv_v8.cpp TORCH_WARN('Plan failed with a cudnnException: ', e.what())) with cuDNN 8.9 / 9.x",
         source="pytorch/pytorch aten/src/ATen/native/cudnn/Conv_v8.cpp try_plans / try_configs (catch (cudnn_frontend::cudnnException& e) { TORCH_WARN('Plan failed with a cudnnException: ', e.what()); })",
         note="a cuDNN plan rejected and the next one used; the epoch completes",
         log=f'''epoch 0:   0%|          | 0/782 [00:00<?, ?it/s]{SP}/torch/autograd/graph.py:744: UserWarning: Plan failed with a cudnnException: CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: cudnnFinalize Descriptor Failed cudnn_status: CUDNN_STATUS_NOT_SUPPORTED (Triggered internally at ../aten/src/ATen/native/cudnn/Conv_v8.cpp:919.)
  return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
epoch 0: 100%|██████████| 782/782 [01:54<00:00,  6.83it/s, loss=1.32]
epoch 1: 100%|██████████| 782/782 [01:49<00:00,  7.14it/s, loss=0.98]
val acc 0.7713
'''),

    dict(name="L07-transformers-use-cache-gradient-checkpointing-token-length-warnings", kind="lookalike",
         family="transformers warnings naming memory knobs: `Token indices sequence length is longer than the specified maximum sequence length for this model (2345 > 2048). Running this sequence through the model will result in indexing errors` and ``use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.` in a fine-tune that runs to the end",
         version="transformers 4.3x-4.4x (tokenization_utils_base.py _eventual_warn_about_too_long_sequence; modeling_llama.py / modeling_utils gradient checkpointing logger.warning_once)",
         source="huggingface/transformers src/transformers/tokenization_utils_base.py _eventual_warn_about_too_long_sequence (logger.warning('Token indices sequence length is longer than the specified maximum sequence length for this model ({} > {}). Running this sequence through the model will result in indexing errors')) + src/transformers/models/llama/modeling_llama.py (logger.warning_once('`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.'))",
         note="warnings about lengths and checkpointing; nothing ran out of memory",
         log='''Token indices sequence length is longer than the specified maximum sequence length for this model (2345 > 2048). Running this sequence through the model will result in indexing errors
`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.
{'loss': 1.6621, 'grad_norm': 0.412, 'learning_rate': 0.00019, 'epoch': 0.12}
{'loss': 1.4310, 'grad_norm': 0.377, 'learning_rate': 0.00012, 'epoch': 0.58}
{'train_runtime': 5123.9, 'train_samples_per_second': 3.12, 'train_steps_per_second': 0.195, 'train_loss': 1.4822, 'epoch': 1.0}
100%|██████████| 1000/1000 [1:25:23<00:00,  5.12s/it]
'''),

    dict(name="L08-jax-xla-cuda-error-illegal-address", kind="lookalike",
         family="JAX on GPU: `jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.func.launch' failed: ... CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered` (a kernel fault, same wrapper as XLA's OOM)",
         version="jax/jaxlib 0.4.1x-0.4.2x (XLA runtime custom calls; `Failed to execute XLA Runtime executable`)",
         source="openxla/xla xla/service/gpu/runtime (custom call 'xla.gpu.func.launch' errors) + xla/stream_executor/cuda/cuda_driver.cc (ToString(CUresult): 'CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered')",
         note="an illegal memory access, not an allocation failure",
         log='''I1125 02:44:12.001 train.py:201] step 3100 loss 2.4417
2024-11-25 02:44:15.338102: E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2732] Execution of replica 0 failed: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.func.launch' failed: Failed to launch CUDA kernel: fusion_412 with block dimensions: 128x1x1 and grid dimensions: 2048x1x1: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered; current tracing scope: fusion_412; current profiling annotation: XlaModule:#hlo_module=pjit_train_step,program_id=41#.
Traceback (most recent call last):
  File "/workspace/train.py", line 240, in <module>
    state, metrics = train_step(state, batch)
jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.func.launch' failed: Failed to launch CUDA kernel: fusion_412 with block dimensions: 128x1x1 and grid dimensions: 2048x1x1: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered; current tracing scope: fusion_412; current profiling annotation: XlaModule:#hlo_module=pjit_train_step,program_id=41#.
'''),

    dict(name="L09-accelerate-env-dump-ram-offload-config", kind="lookalike",
         family="`accelerate env` output pasted in an issue: `- RAM: 503.49 GB`, `- GPU type: NVIDIA A100-SXM4-80GB`, the default config with `offload_optimizer_device: cpu`, `zero3_init_flag`, `mixed_precision` (system info, nothing ran)",
         version="accelerate 0.2x-1.x (commands/env.py env_command: 'RAM', 'GPU type', '`Accelerate` default config')",
         source="huggingface/accelerate src/accelerate/commands/env.py env_command (info = {'`Accelerate` version', 'Platform', 'Python version', 'Numpy version', 'PyTorch version (GPU?)', 'PyTorch XPU available', ..., 'System RAM': f'{psutil.virtual_memory().total / 1024 ** 3:.2f} GB', 'GPU type'}; print('\\nCopy-and-paste the text below in your GitHub issue\\n'))",
         note="environment information; no failure",
         log='''Copy-and-paste the text below in your GitHub issue

- `Accelerate` version: 1.1.1
- Platform: Linux-5.15.0-119-generic-x86_64-with-glibc2.35
- `accelerate` bash location: /opt/conda/bin/accelerate
- Python version: 3.10.14
- Numpy version: 1.26.4
- PyTorch version (GPU?): 2.5.1+cu124 (True)
- PyTorch XPU available: False
- PyTorch NPU available: False
- PyTorch MLU available: False
- PyTorch MUSA available: False
- System RAM: 503.49 GB
- GPU type: NVIDIA A100-SXM4-80GB
- `Accelerate` default config:
	- compute_environment: LOCAL_MACHINE
	- distributed_type: DEEPSPEED
	- mixed_precision: bf16
	- use_cpu: False
	- num_processes: 8
	- deepspeed_config: {'gradient_accumulation_steps': 4, 'offload_optimizer_device': 'cpu', 'offload_param_device': 'none', 'zero3_init_flag': True, 'zero_stage': 3}
'''),

    dict(name="L10-wandb-run-summary-gpu-memory-metrics-finished", kind="lookalike",
         family="Weights & Biases end-of-run footer: `wandb: Run history:` sparklines and `wandb: Run summary:` with memory metrics (`train/gpu_mem_reserved_gb 78.9`, `train/peak_mem_frac 0.98`) of a run that finished, `View run ... at:` and `Synced`",
         version="wandb 0.16-0.18 (sdk/internal footer: 'Run history:', 'Run summary:', 'View run ... at:', 'Synced N W&B file(s)')",
         source="wandb/wandb wandb/sdk/wandb_run.py _footer_history_summary_info ('Run history:', 'Run summary:') / _footer_sync_info ('View run', 'Synced')",
         note="metrics of a healthy run near its memory ceiling; no failure",
         log='''100%|██████████| 3000/3000 [4:11:09<00:00,  5.02s/it]
wandb: 
wandb: Run history:
wandb:              train/loss █▆▅▄▃▃▂▂▂▁▁▁▁▁
wandb: train/gpu_mem_reserved_gb ▁▇██████████████
wandb:      train/peak_mem_frac ▁▇██████████████
wandb: 
wandb: Run summary:
wandb:              train/loss 1.38211
wandb: train/gpu_mem_reserved_gb 78.9
wandb:      train/peak_mem_frac 0.98
wandb:        train/global_step 3000
wandb: 
wandb: 🚀 View run llama8b-sft-lr2e5 at: https://wandb.ai/acme/sft/runs/3kx9z1ab
wandb: Synced 6 W&B file(s), 0 media file(s), 2 artifact file(s) and 0 other file(s)
wandb: Find logs at: ./wandb/run-20241125_001204-3kx9z1ab/logs
'''),

    dict(name="L11-traceback-source-line-mentions-outofmemoryerror", kind="lookalike",
         family="A Python traceback whose shown source line is the user's OOM guard (`if isinstance(err, torch.OutOfMemoryError) and cfg.retry_on_oom:`) while the exception raised is an AttributeError: the OOM class appears only in the code excerpt",
         version="CPython 3.11+ traceback (source line and `~~~^^^` markers) ; torch 2.4+ class name in user code",
         source="python/cpython Lib/traceback.py StackSummary.format (the frame's source line printed under each `File ..., line N, in f`)",
         note="an AttributeError in an exception handler; nothing ran out of memory",
         log='''step 40 | loss 2.7719
Traceback (most recent call last):
  File "/home/jo/rl/train.py", line 212, in <module>
    run(cfg)
  File "/home/jo/rl/train.py", line 171, in run
    if isinstance(err, torch.OutOfMemoryError) and cfg.trainer.retry_on_oom:
                                                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
AttributeError: 'NoneType' object has no attribute 'retry_on_oom'
'''),

    dict(name="L12-deepspeed-engine-configuration-echo-offload-memory-keys", kind="lookalike",
         family="DeepSpeed's start-up `DeepSpeedEngine configuration:` echo: dotted `key ......... value` rows naming memory settings (`memory_breakdown`, `zero_config ... offload_param=DeepSpeedZeroOffloadParamConfig(device='cpu', ... pin_memory=True)`, `stage3_max_live_parameters`), then training steps",
         version="deepspeed 0.10-0.16 (runtime/config.py DeepSpeedConfig.print: logger.info('  {} {} {}'.format(arg, dots, getattr(self, arg))))",
         source="deepspeedai/DeepSpeed deepspeed/runtime/config.py DeepSpeedConfig.print (logger.info('{}:'.format(name)); for arg in sorted(vars(self)): dots = '.' * (29 - len(arg)); logger.info('  {} {} {}'.format(arg, dots, getattr(self, arg))))",
         note="configuration echo; no failure",
         log='''[2024-11-25 00:12:41,006] [INFO] [config.py:999:print] DeepSpeedEngine configuration:
[2024-11-25 00:12:41,006] [INFO] [config.py:1003:print]   activation_checkpointing_config  {
    "partition_activations": false,
    "contiguous_memory_optimization": false,
    "cpu_checkpointing": false
}
[2024-11-25 00:12:41,006] [INFO] [config.py:1003:print]   memory_breakdown ............. False
[2024-11-25 00:12:41,007] [INFO] [config.py:1003:print]   train_micro_batch_size_per_gpu  2
[2024-11-25 00:12:41,007] [INFO] [config.py:1003:print]   zero_allow_untested_optimizer  True
[2024-11-25 00:12:41,007] [INFO] [config.py:1003:print]   zero_config .................. stage=3 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=16777216 overlap_comm=True load_from_fp32_weights=True elastic_checkpoint=False offload_param=DeepSpeedZeroOffloadParamConfig(device='cpu', nvme_path=None, buffer_count=5, buffer_size=100000000, max_in_cpu=1000000000, pin_memory=True) offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0) sub_group_size=1000000000 stage3_max_live_parameters=1000000000 stage3_max_reuse_distance=1000000000 stage3_gather_16bit_weights_on_model_save=True memory_efficient_linear=True
[2024-11-25 00:12:41,007] [INFO] [config.py:1003:print]   zero_enabled ................. True
[2024-11-25 00:12:41,008] [INFO] [config.py:989:print_user_config]   json = {"train_micro_batch_size_per_gpu": 2, "zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}, "offload_optimizer": {"device": "cpu"}}}
{'loss': 1.9077, 'learning_rate': 2e-05, 'epoch': 0.02}
{'loss': 1.5521, 'learning_rate': 1.6e-05, 'epoch': 0.41}
'''),
]
