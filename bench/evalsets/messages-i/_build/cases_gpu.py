"""Device-memory OOM renderings of the training stacks (versions, wrappers, paste shapes) in none of messages/ .. messages-h/."""

SP = "/usr/local/lib/python3.11/site-packages"
CP = "/opt/conda/lib/python3.10/site-packages"

# torch 2.4+ allocator message (c10/cuda/CUDACachingAllocator.cpp), reused by wrappers below with their own numbers
def torch_oom(req, gpu, total, free, inuse, alloc, unalloc):
    return (f"CUDA out of memory. Tried to allocate {req}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
            f"Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated memory {alloc} is allocated "
            f"by PyTorch, and {unalloc} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
            "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
            "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")


OOM_A = torch_oom("1.50 GiB", 2, "23.64 GiB", "1.09 GiB", "22.54 GiB", "20.87 GiB", "1.21 GiB")
OOM_B = torch_oom("3.91 GiB", 0, "79.15 GiB", "2.81 GiB", "76.33 GiB", "71.02 GiB", "4.66 GiB")
OOM_C = torch_oom("2.00 GiB", 5, "79.10 GiB", "1.37 GiB", "77.72 GiB", "73.90 GiB", "3.17 GiB")
OOM_D = torch_oom("1.95 GiB", 0, "23.64 GiB", "1.41 GiB", "22.22 GiB", "19.98 GiB", "1.78 GiB")
OOM_E = torch_oom("2.00 GiB", 0, "14.74 GiB", "1.20 GiB", "13.53 GiB", "12.91 GiB", "498.00 MiB")
OOM_F = torch_oom("1.50 GiB", 0, "23.68 GiB", "871.06 MiB", "22.82 GiB", "21.95 GiB", "426.41 MiB")
OOM_G = torch_oom("7.81 GiB", 0, "79.19 GiB", "5.02 GiB", "74.16 GiB", "66.40 GiB", "7.21 GiB")
OOM_H = torch_oom("896.00 MiB", 3, "39.39 GiB", "412.06 MiB", "38.98 GiB", "36.12 GiB", "2.27 GiB")
OOM_J = torch_oom("4.00 GiB", 1, "79.15 GiB", "3.11 GiB", "76.03 GiB", "70.88 GiB", "4.59 GiB")
OOM_K = torch_oom("2.50 GiB", 0, "47.54 GiB", "1.88 GiB", "45.65 GiB", "43.05 GiB", "2.10 GiB")
OOM_L = torch_oom("3.00 GiB", 7, "79.11 GiB", "2.55 GiB", "76.55 GiB", "72.62 GiB", "3.43 GiB")


def facts(req_gib, total_gib):
    return {"tried_to_allocate_gib": req_gib, "total_capacity_gib": total_gib}


def ranked(prefix, text):
    return "\n".join(prefix + line for line in text.strip("\n").split("\n"))


CASES = [
    dict(name="01-lightning-ddp-spawn-processraisedexception-oom", kind="cuda",
         family="torch.multiprocessing spawn: ProcessRaisedException (`-- Process N terminated with the following error:` + the child's traceback) carrying a CUDA OOM, under Lightning's ddp_spawn launcher",
         version="torch 1.9-2.9 spawn.py (ProcessRaisedException; msg = `\\n\\n-- Process %d terminated with the following error:\\n` + original_trace) ; Lightning 2.x _MultiProcessingLauncher",
         source="pytorch/pytorch torch/multiprocessing/spawn.py ProcessContext.join (msg = '\\n\\n-- Process %d terminated with the following error:\\n' % error_index; msg += original_trace; raise ProcessRaisedException(msg, error_index, failed_process.pid)) + Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/launchers/multiprocessing.py",
         facts=facts(1.5, 23.64),
         log=f'''GPU available: True (cuda), used: True
TPU available: False, using: 0 TPU cores
HPU available: False, using: 0 HPUs
Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4
Initializing distributed: GLOBAL_RANK: 2, MEMBER: 3/4
Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/4
Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/4
----------------------------------------------------------------------------------------------------
distributed_backend=nccl
All distributed processes registered. Starting with 4 processes
----------------------------------------------------------------------------------------------------

LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]

  | Name  | Type                      | Params | Mode
------------------------------------------------------------
0 | model | ViTForImageClassification | 304 M  | train
------------------------------------------------------------
304 M     Trainable params
0         Non-trainable params
304 M     Total params
1,217.386 Total estimated model params size (MB)
Epoch 0:   3%|▎         | 41/1563 [00:38<23:41,  1.07it/s, v_num=3, train_loss=6.410]
Traceback (most recent call last):
  File "/home/ana/vit/train.py", line 77, in <module>
    trainer.fit(model, datamodule=dm)
  File "{SP}/lightning/pytorch/trainer/trainer.py", line 538, in fit
    call._call_and_handle_interrupt(
  File "{SP}/lightning/pytorch/trainer/call.py", line 46, in _call_and_handle_interrupt
    return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)
  File "{SP}/lightning/pytorch/strategies/launchers/multiprocessing.py", line 144, in launch
    while not process_context.join():
  File "{SP}/torch/multiprocessing/spawn.py", line 215, in join
    raise ProcessRaisedException(msg, error_index, failed_process.pid)
torch.multiprocessing.spawn.ProcessRaisedException: 

-- Process 2 terminated with the following error:
Traceback (most recent call last):
  File "{SP}/torch/multiprocessing/spawn.py", line 90, in _wrap
    fn(i, *args)
  File "{SP}/lightning/pytorch/strategies/launchers/multiprocessing.py", line 173, in _wrapping_function
    results = function(*args, **kwargs)
  File "{SP}/lightning/pytorch/trainer/trainer.py", line 574, in _fit_impl
    self._run(model, ckpt_path=ckpt_path)
  File "{SP}/lightning/pytorch/loops/optimization/automatic.py", line 318, in _training_step
    training_step_output = call._call_strategy_hook(trainer, "training_step", *kwargs.values())
  File "/home/ana/vit/model.py", line 58, in training_step
    logits = self.model(pixel_values=x).logits
  File "{SP}/transformers/models/vit/modeling_vit.py", line 296, in forward
    attention_probs = nn.functional.softmax(attention_scores, dim=-1)
  File "{SP}/torch/nn/functional.py", line 2140, in softmax
    ret = input.softmax(dim)
torch.OutOfMemoryError: {OOM_A}
'''),

    dict(name="02-torchelastic-childfailederror-root-cause-traceback-oom", kind="cuda",
         family="torch.distributed.elastic ChildFailedError summary whose root cause carries the worker's error-file traceback (@record), indented under `traceback :`, ending in a CUDA OOM",
         version="torch 1.10-2.9 (errors/__init__.py _FAILURE_FORMAT_TEMPLATE: `traceback : ${message}`, py_callstack with every newline indented by two spaces)",
         source="pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py ChildFailedError.format_msg / _format_failure (msg = failure.message['extraInfo']['py_callstack'].replace('\\n', '\\n  '))",
         facts=facts(2.0, 79.10),
         log=f'''W1104 09:12:44.120000 139881 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 210443 closing signal SIGTERM
W1104 09:12:44.121000 139881 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 210444 closing signal SIGTERM
E1104 09:12:45.903000 139881 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 5 (pid: 210448) of binary: /opt/conda/bin/python3
Traceback (most recent call last):
  File "/opt/conda/bin/torchrun", line 8, in <module>
    sys.exit(main())
  File "{CP}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper
    return f(*args, **kwargs)
  File "{CP}/torch/distributed/run.py", line 919, in main
    run(args)
  File "{CP}/torch/distributed/launcher/api.py", line 263, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
============================================================
pretrain_gpt.py FAILED
------------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2024-11-04_09:12:41
  host      : dgx-a100-017.cluster.local
  rank      : 5 (local_rank: 5)
  exitcode  : 1 (pid: 210448)
  error_file: /tmp/torchelastic_k2v9ab1c/none_2qz7r8x0/attempt_0/5/error.json
  traceback : Traceback (most recent call last):
    File "{CP}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper
      return f(*args, **kwargs)
    File "/workspace/Megatron-LM/pretrain_gpt.py", line 287, in main
      pretrain(train_valid_test_datasets_provider, model_provider, ModelType.encoder_or_decoder, forward_step)
    File "/workspace/Megatron-LM/megatron/training/training.py", line 390, in pretrain
      iteration, num_floating_point_operations_so_far = train(
    File "/workspace/Megatron-LM/megatron/training/training.py", line 1234, in train_step
      losses_reduced = forward_backward_func(
    File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 452, in forward_backward_no_pipelining
      backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)
    File "{CP}/torch/autograd/__init__.py", line 347, in backward
      _engine_run_backward(
  torch.OutOfMemoryError: {OOM_C}
  
============================================================
'''),

    dict(name="03-torchelastic-error-json-file-escaped", kind="cuda",
         family="torch.distributed.elastic worker error file (error.json written by @record): one JSON line, `{\"message\": {\"message\": \"OutOfMemoryError: ...\", \"extraInfo\": {\"py_callstack\": \"Traceback ...\\n...\", \"timestamp\": ...}}}`",
         version="torch 1.9-2.9 (ErrorHandler.record_exception: json.dump of {message: {message: f'{type(e).__name__}: {e}', extraInfo: {py_callstack, timestamp}}})",
         source="pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/error_handler.py ErrorHandler.record_exception (data = {'message': {'message': f'{type(e).__name__}: {e}', 'extraInfo': {'py_callstack': traceback.format_exc(), 'timestamp': str(int(time.time()))}}}; json.dump(data, fp))",
         facts=facts(2.5, 47.54),
         log='''$ ls /tmp/torchelastic_3j1x0c8d/2207_pnu6d1ak/attempt_0/
0  1  2  3
$ cat /tmp/torchelastic_3j1x0c8d/2207_pnu6d1ak/attempt_0/0/error.json
{"message": {"message": "OutOfMemoryError: ''' + OOM_K + '''", "extraInfo": {"py_callstack": "Traceback (most recent call last):\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\\", line 355, in wrapper\\n    return f(*args, **kwargs)\\n  File \\"/workspace/finetune/train_sft.py\\", line 203, in main\\n    trainer.train()\\n  File \\"/opt/conda/lib/python3.10/site-packages/transformers/trainer.py\\", line 2171, in train\\n    return inner_training_loop(\\n  File \\"/opt/conda/lib/python3.10/site-packages/transformers/trainer.py\\", line 2531, in _inner_training_loop\\n    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)\\n  File \\"/opt/conda/lib/python3.10/site-packages/transformers/trainer.py\\", line 3712, in training_step\\n    self.accelerator.backward(loss, **kwargs)\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/autograd/graph.py\\", line 825, in _engine_run_backward\\n    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\\ntorch.OutOfMemoryError: ''' + OOM_K + '''\\n", "timestamp": "1730713961"}}}
$ cat /tmp/torchelastic_3j1x0c8d/2207_pnu6d1ak/attempt_0/1/error.json
cat: /tmp/torchelastic_3j1x0c8d/2207_pnu6d1ak/attempt_0/1/error.json: No such file or directory
'''),

    dict(name="04-libtorch-cpp-c10-cudaoutofmemoryerror-terminate", kind="cuda",
         family="LibTorch C++ program: uncaught `c10::CUDAOutOfMemoryError` (the 1.x class name) -> `terminate called after throwing an instance of 'c10::CUDAOutOfMemoryError'` + `what():` + C++ frames",
         version="libtorch 1.8-1.13 (class CUDAOutOfMemoryError; message `CUDA out of memory. Tried to allocate X (GPU N; T total capacity; A already allocated; F free; R reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb ...`)",
         source="pytorch/pytorch v1.12 c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc (TORCH_CHECK_WITH(CUDAOutOfMemoryError, false, \"CUDA out of memory. Tried to allocate \", ...)) + c10/util/Exception.h (C10_DEFINE... CUDAOutOfMemoryError)",
         facts={"tried_to_allocate_gib": 2.0, "total_capacity_gib": 10.76},
         log='''$ ./build/train_resnet --data /data/imagenet --batch-size 512
[train_resnet] CUDA available, device count = 1
[train_resnet] model: resnet101, params 44549160
[train_resnet] epoch 1 batch 0 loss 6.9412
terminate called after throwing an instance of 'c10::CUDAOutOfMemoryError'
  what():  CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 10.76 GiB total capacity; 7.91 GiB already allocated; 1.63 GiB free; 8.02 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF
Exception raised from malloc at ../c10/cuda/CUDACachingAllocator.cpp:536 (most recent call first):
frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x3e (0x7f3c2a1b9e1e in /opt/libtorch/lib/libc10.so)
frame #1: <unknown function> + 0x25c0e (0x7f3c2a2f8c0e in /opt/libtorch/lib/libc10_cuda.so)
frame #2: <unknown function> + 0x26b56 (0x7f3c2a2f9b56 in /opt/libtorch/lib/libc10_cuda.so)
frame #3: <unknown function> + 0x27212 (0x7f3c2a2fa212 in /opt/libtorch/lib/libc10_cuda.so)
frame #4: at::detail::empty_generic(c10::ArrayRef<long>, c10::Allocator*, c10::DispatchKeySet, c10::ScalarType, c10::optional<c10::MemoryFormat>) + 0x7b2 (0x7f3bdc4f5a62 in /opt/libtorch/lib/libtorch_cpu.so)
frame #5: at::detail::empty_cuda(c10::ArrayRef<long>, c10::ScalarType, c10::optional<c10::Device>, c10::optional<c10::MemoryFormat>) + 0x111 (0x7f3b9a8d62a1 in /opt/libtorch/lib/libtorch_cuda.so)
frame #6: main + 0x6f4 (0x55d1b6e3a2f4 in ./build/train_resnet)
frame #7: __libc_start_main + 0xf3 (0x7f3bd8a3c0b3 in /lib/x86_64-linux-gnu/libc.so.6)

Aborted (core dumped)
'''),

    dict(name="05-torch-oom-cpp-stacktraces-rank-prefixed", kind="cuda",
         family="PyTorch CUDA OOM raised to Python with TORCH_SHOW_CPP_STACKTRACES=1: the message followed by `Exception raised from malloc at ...CUDACachingAllocator.cpp:N (most recent call first):` and `frame #k:` lines, every line behind torchrun's `[rankN]:`",
         version="torch 2.2-2.9 (c10::Error what() with the C++ backtrace when TORCH_SHOW_CPP_STACKTRACES=1; torchrun --local-ranks-filter / [rankN]: prefixes since 2.2)",
         source="pytorch/pytorch c10/util/Exception.cpp Error::compute_what (msg + '\\n' + backtrace when show_cpp_stacktraces) + c10/cuda/CUDACachingAllocator.cpp malloc OOM + torch/distributed/elastic/multiprocessing/api.py (local rank prefixes)",
         facts=facts(0.875, 39.39),
         log=ranked("[rank3]: ", f'''Traceback (most recent call last):
  File "/workspace/torchtitan/torchtitan/train.py", line 471, in <module>
    trainer.train()
  File "/workspace/torchtitan/torchtitan/train.py", line 402, in train
    self.train_step(inputs, labels)
  File "/workspace/torchtitan/torchtitan/train.py", line 349, in train_step
    loss.backward()
  File "{SP}/torch/_tensor.py", line 626, in backward
    torch.autograd.backward(
  File "{SP}/torch/autograd/graph.py", line 823, in _engine_run_backward
    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
torch.OutOfMemoryError: {OOM_H}
Exception raised from malloc at /pytorch/c10/cuda/CUDACachingAllocator.cpp:1338 (most recent call first):
frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f8a9c96c446 in {SP}/torch/lib/libc10.so)
frame #1: <unknown function> + 0x3c8f4 (0x7f8a9ca1b8f4 in {SP}/torch/lib/libc10_cuda.so)
frame #2: <unknown function> + 0x3cd3e (0x7f8a9ca1bd3e in {SP}/torch/lib/libc10_cuda.so)
frame #3: <unknown function> + 0x3d0e2 (0x7f8a9ca1c0e2 in {SP}/torch/lib/libc10_cuda.so)
frame #4: <unknown function> + 0x1a1a9d2 (0x7f8a4b81a9d2 in {SP}/torch/lib/libtorch_cuda.so)
frame #5: at::detail::empty_generic(c10::ArrayRef<long>, c10::Allocator*, c10::DispatchKeySet, c10::ScalarType, std::optional<c10::MemoryFormat>) + 0x14 (0x7f8a8a1f6b34 in {SP}/torch/lib/libtorch_cpu.so)
frame #6: torch::autograd::Engine::thread_main(std::shared_ptr<torch::autograd::GraphTask> const&) + 0x2d1 (0x7f8a8d1a7e41 in {SP}/torch/lib/libtorch_cpu.so)
frame #7: <unknown function> + 0xdc253 (0x7f8a9d4b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)
''') + "\n"),

    dict(name="06-chained-oom-then-emergency-checkpoint-fails", kind="cuda",
         family="A CUDA OOM followed by `During handling of the above exception, another exception occurred:` and a second, different error (an emergency checkpoint save that failed): the OOM is not the last exception",
         version="CPython 3.x implicit exception chaining (__context__) ; torch 2.4+ OOM message ; torch.save inline_container `unexpected pos` on a full disk",
         source="python/cpython Lib/traceback.py (_context_message = 'During handling of the above exception, another exception occurred:') + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp + caffe2/serialize/inline_container.cc (`unexpected pos`)",
         facts=facts(3.91, 79.15),
         note="the OOM is the failure; the checkpoint error is a consequence raised in the handler",
         log=f'''2025-02-19 03:41:07 | INFO | step 1820 | loss 1.7342 | lr 1.8e-05 | tok/s 41233
2025-02-19 03:41:19 | INFO | step 1821 | loss 1.7120 | lr 1.8e-05 | tok/s 41107
2025-02-19 03:41:24 | ERROR | step 1822 failed, writing emergency checkpoint to /scratch/ckpt/emergency-1822
Traceback (most recent call last):
  File "/workspace/sft/train.py", line 214, in train_loop
    loss.backward()
  File "{SP}/torch/_tensor.py", line 581, in backward
    torch.autograd.backward(
  File "{SP}/torch/autograd/__init__.py", line 347, in backward
    _engine_run_backward(
  File "{SP}/torch/autograd/graph.py", line 825, in _engine_run_backward
    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
torch.OutOfMemoryError: {OOM_B}

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/workspace/sft/train.py", line 290, in <module>
    main()
  File "/workspace/sft/train.py", line 283, in main
    train_loop(model, optimizer, loader, cfg)
  File "/workspace/sft/train.py", line 219, in train_loop
    save_emergency_checkpoint(model, optimizer, step, cfg)
  File "/workspace/sft/ckpt.py", line 31, in save_emergency_checkpoint
    torch.save(state, path)
  File "{SP}/torch/serialization.py", line 849, in save
    with _open_zipfile_writer(f) as opened_zipfile:
  File "{SP}/torch/serialization.py", line 690, in __exit__
    self.file_like.write_end_of_file()
RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 2147483712 vs 2147483600
'''),

    dict(name="07-composer-auto-microbatch-failed-at-size-1", kind="cuda",
         family="MosaicML Composer automatic microbatching: `CUDA out of memory or excessive memory allocation retries detected. The train loop failed with an internal microbatch of size 1.The GPU does not have enough memory to process even 1 sample during train.` (the framework's own text, no allocator numbers)",
         version="composer 0.17-0.27 (trainer.py _adjust_device_train_microbatch_size; device_train_microbatch_size='auto'), llm-foundry 0.x",
         source="mosaicml/composer composer/trainer/trainer.py _adjust_device_train_microbatch_size (raise RuntimeError('CUDA out of memory or excessive memory allocation retries detected. The train loop failed with an internal microbatch of size 1.' 'The GPU does not have enough memory to process even 1 sample during train.'))",
         top=["model-states-exceed-gpu", "sequence-too-long"],
         note="microbatch 1 already failed: the model states or the sequence length do not fit, not the micro batch",
         log=f'''[batch=1/24000]:
	 Train time/batch: 0
	 Train time/sample: 0
	 Train memory/peak_allocated_mem: 71.203
{SP}/composer/trainer/trainer.py:2781: RuntimeWarning: CUDA out of memory or excessive memory allocation retries detected. Train microbatch size will be decreased from 4 -> 2.
  warnings.warn(
{SP}/composer/trainer/trainer.py:2781: RuntimeWarning: CUDA out of memory or excessive memory allocation retries detected. Train microbatch size will be decreased from 2 -> 1.
  warnings.warn(
Traceback (most recent call last):
  File "/llm-foundry/scripts/train/train.py", line 781, in <module>
    main(cfg)
  File "/llm-foundry/scripts/train/train.py", line 764, in main
    trainer.fit()
  File "{SP}/composer/trainer/trainer.py", line 2343, in fit
    self._train_loop()
  File "{SP}/composer/trainer/trainer.py", line 2540, in _train_loop
    total_loss_dict = self._train_batch(use_grad_scaling)
  File "{SP}/composer/trainer/trainer.py", line 2750, in _train_batch
    _adjust_device_train_microbatch_size(self.state)
  File "{SP}/composer/trainer/trainer.py", line 273, in _adjust_device_train_microbatch_size
    raise RuntimeError((
RuntimeError: CUDA out of memory or excessive memory allocation retries detected. The train loop failed with an internal microbatch of size 1.The GPU does not have enough memory to process even 1 sample during train.
'''),

    dict(name="08-optuna-trial-failed-repr-outofmemoryerror", kind="cuda",
         family="Optuna study log: `Trial N failed with parameters: {...} because of the following error: OutOfMemoryError('CUDA out of memory. ...').` (the exception's repr in one warning line), then the traceback and `Trial N failed with value None.` (HF Trainer.hyperparameter_search)",
         version="optuna 3.x-4.x (_optimize.py _log_failed_trial) ; transformers 4.4x Trainer.hyperparameter_search(backend='optuna') ; torch 2.4+",
         source="optuna/optuna optuna/study/_optimize.py _log_failed_trial (_logger.warning('Trial {} failed with parameters: {} because of the following error: {}.'.format(trial.number, trial.params, message), exc_info=exc_info); _logger.warning('Trial {} failed with value {}.'.format(...)))",
         facts=facts(1.5, 23.68),
         log=f'''[I 2025-03-02 14:20:11,532] Trial 6 finished with value: 0.8412 and parameters: {{'learning_rate': 2.2e-05, 'per_device_train_batch_size': 16, 'num_train_epochs': 3}}. Best is trial 4 with value: 0.8533.
{{'loss': 0.6911, 'grad_norm': 3.118, 'learning_rate': 4.1e-05, 'epoch': 0.02}}
[W 2025-03-02 14:31:48,907] Trial 7 failed with parameters: {{'learning_rate': 4.1e-05, 'per_device_train_batch_size': 64, 'num_train_epochs': 3}} because of the following error: OutOfMemoryError('{OOM_F}').
Traceback (most recent call last):
  File "{SP}/optuna/study/_optimize.py", line 197, in _run_trial
    value_or_values = func(trial)
  File "{SP}/transformers/integrations/integration_utils.py", line 253, in _objective
    trainer.train(resume_from_checkpoint=checkpoint, trial=trial)
  File "{SP}/transformers/trainer.py", line 2171, in train
    return inner_training_loop(
  File "{SP}/transformers/trainer.py", line 2531, in _inner_training_loop
    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)
  File "{SP}/transformers/models/roberta/modeling_roberta.py", line 361, in forward
    attention_probs = nn.functional.softmax(attention_scores, dim=-1)
torch.OutOfMemoryError: {OOM_F}
[W 2025-03-02 14:31:48,911] Trial 7 failed with value None.
'''),

    dict(name="09-hydra-lightning-oom-email-quoted-twice", kind="cuda",
         family="Hydra app (`Error executing job with overrides: [...]` + `Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.`) around a Lightning CUDA OOM, pasted in an e-mail reply quoted twice (`> > `)",
         version="hydra-core 1.1-1.3 (utils.py run_and_report: `Error executing job with overrides: ...`) ; Lightning 2.x ; torch 2.4+",
         source="facebookresearch/hydra hydra/_internal/utils.py run_and_report / _run_hydra (log.error(f'Error executing job with overrides: {overrides}'), 'Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.')",
         facts=facts(1.95, 23.64),
         log="On Tue, 11 Mar 2025 at 16:02, Priya R. <priya@lab.example> wrote:\n> Same here on the 4090 box. Full output below.\n>\n" + "\n".join(
             "> > " + line if line else "> >" for line in f'''$ python src/train.py experiment=segformer_b5 data.batch_size=16 trainer.precision=bf16-mixed
[2025-03-11 15:48:02,114][__main__][INFO] - Instantiating datamodule <src.data.ade20k.ADE20KDataModule>
[2025-03-11 15:48:03,870][__main__][INFO] - Instantiating trainer <lightning.pytorch.trainer.Trainer>
[2025-03-11 15:48:04,012][__main__][INFO] - Starting training!
Error executing job with overrides: ['experiment=segformer_b5', 'data.batch_size=16', 'trainer.precision=bf16-mixed']
Traceback (most recent call last):
  File "/home/priya/seg/src/train.py", line 88, in main
    trainer.fit(model=model, datamodule=datamodule, ckpt_path=cfg.get("ckpt_path"))
  File "/home/priya/seg/src/models/segformer_module.py", line 71, in training_step
    logits = self.net(images)
  File "{SP}/transformers/models/segformer/modeling_segformer.py", line 241, in forward
    attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
torch.OutOfMemoryError: {OOM_D}

Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.'''.split("\n"))
         + "\n>\n> Any idea what changed?\n\nIt is the batch size; 16 never fit on 24 GB for b5.\n"),

    dict(name="10-loguru-caught-exception-annotated-oom", kind="cuda",
         family="loguru `logger.catch` / `logger.exception` backtrace: `An error has been caught in function ...` with `> File` markers and `│ └ <value>` variable annotations (diagnose=True), ending in a CUDA OOM",
         version="loguru 0.5-0.7 (_better_exceptions.ExceptionFormatter, diagnose annotations) ; torch 2.4+",
         source="Delgan/loguru loguru/_logger.py Catcher (`An error has been caught in function '{function}', process '{process}' ({pid}), thread '{thread}' ({tid}):`) + loguru/_better_exceptions.py (`> File` marker, `└` / `│` annotations)",
         facts=facts(4.0, 79.15),
         log=f'''2025-04-07 22:10:41.552 | INFO     | __main__:train:132 - epoch 2 step 3100 loss=0.8127 lr=9.6e-05
2025-04-07 22:10:58.019 | ERROR    | __main__:<module>:201 - An error has been caught in function '<module>', process 'MainProcess' (48122), thread 'MainThread' (140035512698688):
Traceback (most recent call last):

> File "/srv/diffusion/train.py", line 201, in <module>
    train(cfg)
    │     └ {{'model': 'sdxl-base', 'resolution': 1024, 'batch_size': 8, 'grad_ckpt': False}}
    └ <function train at 0x7f5c2b1e4d30>

  File "/srv/diffusion/train.py", line 158, in train
    noise_pred = unet(noisy_latents, timesteps, encoder_hidden_states=text_emb).sample
                 │    │              │                                  └ tensor([[[-0.3884,  0.0229, ...
                 │    │              └ tensor([412, 87, 903, 15, 640, 221, 777, 34], device='cuda:1')
                 │    └ tensor([[[[ 0.4121, -1.0034, ...
                 └ UNet2DConditionModel(...)

  File "{SP}/diffusers/models/attention_processor.py", line 1279, in __call__
    hidden_states = F.scaled_dot_product_attention(
                    │ └ <built-in function scaled_dot_product_attention>
                    └ <module 'torch.nn.functional' from '{SP}/torch/nn/functional.py'>

torch.OutOfMemoryError: {OOM_J}
'''),

    dict(name="11-rich-traceback-panel-oom-wrapped", kind="cuda",
         family="Rich pretty traceback (rich.traceback.install / Typer CLIs): a box-drawn `Traceback (most recent call last)` panel, then `OutOfMemoryError: ...` (short class name) soft-wrapped at the console width",
         version="rich 12-13 (traceback.py Traceback: panel title 'Traceback (most recent call last)', exception line f'{exc_type}: ' + str(exc_value) wrapped to console width) ; typer 0.9+ pretty_exceptions ; torch 2.4+",
         source="Textualize/rich rich/traceback.py Traceback._render_stack / __rich_console__ (Panel(title='[traceback.title]Traceback [dim](most recent call last)'), then Text.assemble((f'{stack.exc_type}: ', 'traceback.exc_type'), highlighter(stack.exc_value)))",
         facts=facts(1.95, 23.64),
         log='''$ axolotl-lite train configs/qwen2.5-7b-lora.yml
Loading checkpoint shards: 100%|██████████| 4/4 [00:06<00:00,  1.52s/it]
trainable params: 40,370,176 || all params: 7,655,986,688 || trainable%: 0.5273
  0%|          | 3/1250 [00:21<2:27:03,  7.07s/it]
╭──────────────────────────── Traceback (most recent call last) ─────────────────────────────╮
│ /home/li/axolotl-lite/cli.py:64 in train                                                   │
│                                                                                            │
│   61 │   model, tok = load_model(cfg)                                                      │
│   62 │   trainer = build_trainer(cfg, model, tok)                                          │
│   63 │   console.log("starting training")                                                  │
│ ❱ 64 │   trainer.train()                                                                   │
│   65                                                                                       │
│                                                                                            │
│ /usr/local/lib/python3.11/site-packages/torch/utils/checkpoint.py:1159 in unpack_hook      │
│                                                                                            │
│   1156 │   │   │   │   )                                                                   │
│   1157 │   │   │   frame.is_recomputed[gid] = True                                         │
│ ❱ 1159 │   │   │   _run_fn_with_dynamo_disabled(frame.recompute_fn, *args)                 │
╰────────────────────────────────────────────────────────────────────────────────────────────╯
OutOfMemoryError: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 0 has a total capacity 
of 23.64 GiB of which 1.41 GiB is free. Including non-PyTorch memory, this process has 22.22 
GiB memory in use. Of the allocated memory 19.98 GiB is allocated by PyTorch, and 1.78 GiB is 
reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting 
PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation 
for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
'''),

    dict(name="12-pytest-failure-e-lines-short-summary-truncated", kind="cuda",
         family="pytest failure report: the exception behind `E   ` markers, `path:line: OutOfMemoryError`, and the `short test summary info` line cut with `...` at the terminal width (a GPU smoke test in CI)",
         version="pytest 7-8 (terminal.py short test summary `FAILED nodeid - <message cut to width>...`, `E   ` repr lines from _code/code.py) ; torch 2.4+",
         source="pytest-dev/pytest src/_pytest/terminal.py _get_line_with_reprcrash_message (msg cut with '...' to the terminal width) + src/_pytest/_code/code.py (FormattedExcinfo, 'E   ' fail marker)",
         facts=facts(2.0, 14.74),
         log=f'''============================= test session starts ==============================
platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0
rootdir: /builds/ml/trainer
collected 13 items

tests/test_data.py ........                                              [ 61%]
tests/test_train_smoke.py ....F                                          [100%]

=================================== FAILURES ===================================
________________________ test_one_train_step[bf16-long] ________________________

cfg = TrainConfig(model='llama-1b', seq_len=8192, micro_batch=4, dtype='bf16')

    @pytest.mark.gpu
    def test_one_train_step(cfg):
        model, opt = build(cfg)
        batch = fake_batch(cfg)
>       loss = model(**batch).loss

tests/test_train_smoke.py:41: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
{SP}/transformers/models/llama/modeling_llama.py:1190: in forward
    logits = logits.float()
E   torch.OutOfMemoryError: {OOM_E}

{SP}/transformers/models/llama/modeling_llama.py:1190: OutOfMemoryError
=========================== short test summary info ============================
FAILED tests/test_train_smoke.py::test_one_train_step[bf16-long] - torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 ...
========================= 1 failed, 12 passed in 81.34s ========================
'''),

    dict(name="13-jupyter-ipynb-error-output-json", kind="cuda",
         family="A Jupyter notebook's saved error output (`cat notebook.ipynb`): `\"output_type\": \"error\"`, `\"ename\": \"OutOfMemoryError\"`, `\"evalue\": \"CUDA out of memory...\"` and a `traceback` list of ANSI-coloured strings, all JSON-escaped",
         version="nbformat 4.x (error output: ename / evalue / traceback) ; ipykernel 6 + IPython 8 colour traceback ; torch 2.4+",
         source="jupyter/nbformat nbformat/v4/nbformat.v4.schema.json (error output: ename, evalue, traceback) + ipython/ipykernel ipykernel/ipkernel.py (error content: ename, evalue, traceback)",
         facts=facts(3.0, 79.11),
         log='''   },
   {
    "cell_type": "code",
    "execution_count": 14,
    "id": "5f1c0a3e",
    "metadata": {},
    "outputs": [
     {
      "ename": "OutOfMemoryError",
      "evalue": "''' + OOM_L + '''",
      "output_type": "error",
      "traceback": [
       "\\u001b[0;31m---------------------------------------------------------------------------\\u001b[0m",
       "\\u001b[0;31mOutOfMemoryError\\u001b[0m                          Traceback (most recent call last)",
       "Cell \\u001b[0;32mIn[14], line 3\\u001b[0m\\n\\u001b[1;32m      1\\u001b[0m \\u001b[38;5;28;01mfor\\u001b[39;00m step, batch \\u001b[38;5;129;01min\\u001b[39;00m \\u001b[38;5;28menumerate\\u001b[39m(loader):\\n\\u001b[1;32m      2\\u001b[0m     batch \\u001b[38;5;241m=\\u001b[39m {k: v\\u001b[38;5;241m.\\u001b[39mcuda() \\u001b[38;5;28;01mfor\\u001b[39;00m k, v \\u001b[38;5;129;01min\\u001b[39;00m batch\\u001b[38;5;241m.\\u001b[39mitems()}\\n\\u001b[0;32m----> 3\\u001b[0m     out \\u001b[38;5;241m=\\u001b[39m model(\\u001b[38;5;241m*\\u001b[39m\\u001b[38;5;241m*\\u001b[39mbatch)\\n",
       "\\u001b[0;31mOutOfMemoryError\\u001b[0m: ''' + OOM_L + '''"
      ]
     }
    ],
    "source": [
     "for step, batch in enumerate(loader):\\n",
     "    batch = {k: v.cuda() for k, v in batch.items()}\\n",
     "    out = model(**batch)\\n",
     "    out.loss.backward()"
    ]
   },
'''),

    dict(name="14-cpython-exceptiongroup-taskgroup-oom", kind="cuda",
         family="CPython 3.11+ exception group rendering: `+ Exception Group Traceback`, `| ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)`, `+-+---- 1 ----` and the sub-exception's traceback behind `    | ` (a CUDA OOM inside an asyncio.TaskGroup job)",
         version="CPython 3.11-3.13 (traceback.py TracebackException.format for exception groups) ; asyncio.TaskGroup ('unhandled errors in a TaskGroup') ; torch 2.4+",
         source="python/cpython Lib/traceback.py TracebackException.format (_ctx.emit with '  + ', '  | ', '+-+---------------- 1 ----------------') + Lib/asyncio/taskgroups.py (BaseExceptionGroup('unhandled errors in a TaskGroup', self._errors))",
         facts=facts(2.0, 79.10),
         log=f'''INFO:distill:teacher on cuda:5, student on cuda:6, 12 shards queued
INFO:distill:shard 0 done (4096 samples, 212.4 s)
  + Exception Group Traceback (most recent call last):
  |   File "/work/distill/run.py", line 140, in <module>
  |     asyncio.run(main(cfg))
  |   File "/usr/lib/python3.11/asyncio/runners.py", line 190, in run
  |     return runner.run(main)
  |   File "/usr/lib/python3.11/asyncio/base_events.py", line 653, in run_until_complete
  |     return future.result()
  |   File "/work/distill/run.py", line 131, in main
  |     async with asyncio.TaskGroup() as tg:
  |   File "/usr/lib/python3.11/asyncio/taskgroups.py", line 145, in __aexit__
  |     raise me from None
  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/work/distill/run.py", line 98, in teacher_logits
    |     return await asyncio.to_thread(_forward, teacher, batch)
    |   File "/usr/lib/python3.11/asyncio/threads.py", line 25, in to_thread
    |     return await loop.run_in_executor(None, func_call)
    |   File "/work/distill/run.py", line 77, in _forward
    |     return model(**batch).logits.float()
    | torch.OutOfMemoryError: {OOM_C}
    +------------------------------------
'''),

    dict(name="15-rsyslog-hash012-escaped-traceback", kind="cuda",
         family="A training service's traceback forwarded through syslog: rsyslog escapes control characters, so the whole traceback is one line with `#012` for each newline (`#011` for tabs)",
         version="rsyslog 8.x ($EscapeControlCharactersOnReceive on, the default: newline -> #012) ; Python logging.handlers.SysLogHandler ; torch 2.4+",
         source="rsyslog/rsyslog runtime/parser.c SanitizeMsg (control characters escaped as '#' + three octal digits when bEscapeCCOnRcv) + python/cpython Lib/logging/handlers.py SysLogHandler",
         facts=facts(2.5, 47.54),
         log="Jan 14 02:11:57 gpu-a6000-02 trainer[31877]: INFO step=8800 loss=0.4412 imgs/s=211.5\n"
             "Jan 14 02:12:03 gpu-a6000-02 trainer[31877]: INFO step=8810 loss=0.4398 imgs/s=209.8\n"
             "Jan 14 02:12:09 gpu-a6000-02 trainer[31877]: ERROR training aborted#012Traceback (most recent call last):#012  File \"/opt/svc/trainer/loop.py\", line 96, in run#012    out = self.model(images, masks)#012  File \"" + SP + "/torch/nn/modules/module.py\", line 1747, in _call_impl#012    return forward_call(*args, **kwargs)#012  File \"/opt/svc/trainer/models/unet3d.py\", line 142, in forward#012    x = self.up3(torch.cat([x, skip3], dim=1))#012torch.OutOfMemoryError: " + OOM_K + "\n"
             "Jan 14 02:12:10 gpu-a6000-02 systemd[1]: trainer.service: Main process exited, code=exited, status=1/FAILURE\n"
             "Jan 14 02:12:10 gpu-a6000-02 systemd[1]: trainer.service: Failed with result 'exit-code'.\n"),

    dict(name="16-torch-2.8-xpu-of-which-free-allowed", kind="cuda",
         family="PyTorch XPU allocator OOM, the 2.8+ wording: `XPU out of memory. Tried to allocate X. GPU N has a total capacity of T of which F is free. A allowed; Of the allocated memory ...` (the `allowed;` part when a memory fraction is set)",
         version="torch 2.8-2.9 (c10/xpu/XPUCachingAllocator.cpp: `of which ... is free. `, allowed_info = format_size(allowed_memory_maximum) + ' allowed; ' when set_per_process_memory_fraction is used)",
         source="pytorch/pytorch c10/xpu/XPUCachingAllocator.cpp DeviceCachingAllocator::malloc (TORCH_CHECK_WITH(OutOfMemoryError, false, 'XPU out of memory. Tried to allocate ', ..., ' of which ', format_size(device_free), ' is free. ', allowed_info, 'Of the allocated memory ', ...))",
         facts={"tried_to_allocate_gib": 1.0, "total_capacity_gib": 47.98},
         log=f'''[2025-09-30 11:02:55] INFO  using device xpu:0 (Intel(R) Data Center GPU Max 1100), memory fraction 0.5
[2025-09-30 11:03:40] INFO  step 120 loss 2.114
Traceback (most recent call last):
  File "/home/sdp/qlora/train.py", line 166, in <module>
    main()
  File "/home/sdp/qlora/train.py", line 149, in main
    loss.backward()
  File "{SP}/torch/autograd/graph.py", line 829, in _engine_run_backward
    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
torch.OutOfMemoryError: XPU out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 47.98 GiB of which 21.37 GiB is free. 23.99 GiB allowed; Of the allocated memory 22.85 GiB is allocated by PyTorch, and 731.20 MiB is reserved by PyTorch but unallocated. Please use `empty_cache` to release all unoccupied cached memory.
'''),

    dict(name="17-jax-0.5-out-of-memory-allocating-simplified-traceback", kind="cuda",
         family="JAX 0.5+ PjRt wording `jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory allocating N bytes.` after JAX's `SimplifiedTraceback` / `The above exception was the direct cause` (a Flax NNX + Optax train step)",
         version="jax / jaxlib 0.5-0.7 (JaxRuntimeError, RESOURCE_EXHAUSTED: Out of memory allocating N bytes.) ; flax 0.10 nnx ; optax 0.2",
         source="jax-ml/jax jax/_src/traceback_util.py (SimplifiedTraceback: 'For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.') ; wording `RESOURCE_EXHAUSTED: Out of memory allocating N bytes.` read in users' pastes in the stored corpus (PyAutoLens CI notes, score-sde patches), the XLA source line not found",
         confidence="medium",
         log=f'''I0312 08:14:02.551 train.py:88] devices: [CudaDevice(id=0)] batch 256 seq 2048
I0312 08:14:31.913 train.py:121] compiled train_step in 27.8s
jax.errors.SimplifiedTraceback: For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/jk/nnx-gpt/train.py", line 164, in <module>
    main()
  File "/home/jk/nnx-gpt/train.py", line 140, in main
    loss = train_step(model, optimizer, metrics, batch)
jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory allocating 25769803776 bytes.
'''),

    dict(name="18-xla-gpu-failed-to-allocate-bytes-for-new-constant", kind="cuda",
         family="XLA GPU executable: `INTERNAL: Failed to allocate N bytes for new constant` (a constant buffer could not be placed on a full device; status INTERNAL, not RESOURCE_EXHAUSTED)",
         version="XLA / jaxlib 0.3-0.7 (GpuExecutable::ResolveConstantGlobals: absl::InternalError('Failed to allocate %d bytes for new constant')) ; exception class jaxlib.xla_extension.XlaRuntimeError -> jaxlib._jax.XlaRuntimeError (0.6+)",
         source="openxla/xla xla/service/gpu/gpu_executable.cc GpuExecutable::ResolveConstantGlobals (if (new_constant->opaque() == nullptr) return absl::InternalError(absl::StrFormat('Failed to allocate %d bytes for new constant', content.size())))",
         log=f'''2025-06-02 17:40:12.118 | epoch 3 | step 420 | loss 0.1183
2025-06-02 17:40:19.602 | switching to eval at nside=2048
Traceback (most recent call last):
  File "/home/mk/healpix-jax/bench.py", line 77, in <module>
    alm = map2alm(maps, lmax=6143)
  File "/home/mk/healpix-jax/sht.py", line 212, in map2alm
    return _map2alm_core(maps, plan)
jaxlib._jax.XlaRuntimeError: INTERNAL: Failed to allocate 402653184 bytes for new constant
'''),

    dict(name="19-deepspeed-pdsh-multinode-rank-oom", kind="cuda",
         family="DeepSpeed multi-node launch over pdsh: every worker line behind the pdsh host tag (`worker-1: [rank9]: ...`), a CUDA OOM in the ZeRO engine, then `exits with return code = 1` and `pdsh@...: ssh exited with exit code 1`",
         version="deepspeed 0.12-0.16 (multinode_runner.PDSHRunner; launch.py `Process N exits with return code = R`) ; pdsh 2.x output labels `host: ` ; torch 2.4+",
         source="deepspeedai/DeepSpeed deepspeed/launcher/multinode_runner.py PDSHRunner (pdsh -S -f 1024 -w hosts) + deepspeed/launcher/launch.py sigkill_handler (logger.info(f'Process {process.pid} exits with return code = {process.returncode}')) + chaos/pdsh (`host: ` labels, `pdsh@host: host: ssh exited with exit code N`)",
         facts=facts(2.0, 79.10),
         log="[2025-01-21 13:02:11,412] [INFO] [runner.py:585:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1 export PYTHONPATH=/workspace/sft; cd /workspace/sft; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=10.0.0.11 --master_port=29500 train.py --deepspeed ds_z3.json\n"
             "worker-0: [2025-01-21 13:03:40,027] [INFO] [engine.py:3498:_save_checkpoint] Saving model checkpoint: /ckpt/global_step0/mp_rank_00_model_states.pt\n"
             "worker-1: [2025-01-21 13:04:02,550] [INFO] [logging.py:128:log_dist] [Rank 8] step=12, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]\n"
             + ranked("worker-1: [rank13]: ", f'''Traceback (most recent call last):
  File "/workspace/sft/train.py", line 188, in <module>
    engine.backward(loss)
  File "{SP}/deepspeed/runtime/engine.py", line 2048, in backward
    self.optimizer.backward(loss, retain_graph=retain_graph)
  File "{SP}/deepspeed/runtime/zero/stage3.py", line 2263, in backward
    self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)
  File "{SP}/deepspeed/runtime/zero/stage3.py", line 1257, in reduce_independent_p_g_buckets_and_remove_grads
    self.__reduce_and_partition_ipg_grads()
  File "{SP}/deepspeed/runtime/zero/stage3.py", line 1307, in __reduce_and_partition_ipg_grads
    grad_partitions = self.__avg_scatter_grads(self.params_in_ipg_bucket)
torch.OutOfMemoryError: {OOM_C}''') + "\n"
             "worker-1: [2025-01-21 13:04:09,310] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 88120\n"
             "worker-1: [2025-01-21 13:04:11,902] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=5', '--deepspeed', 'ds_z3.json'] exits with return code = 1\n"
             "pdsh@worker-0: worker-1: ssh exited with exit code 1\n"),

    dict(name="20-accelerate-launch-calledprocesserror-after-trainer-oom", kind="cuda",
         family="`accelerate launch` (single process): the HF Trainer's CUDA OOM in the child, then accelerate's own traceback ending in `subprocess.CalledProcessError: Command '[...]' returned non-zero exit status 1.` (the last line is not the OOM)",
         version="accelerate 0.2x-1.x (commands/launch.py simple_launcher: raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)) ; transformers 4.4x ; torch 2.4+",
         source="huggingface/accelerate src/accelerate/commands/launch.py simple_launcher (if process.returncode != 0: if not args.quiet: raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd))",
         facts=facts(3.0, 79.11),
         log=f'''{{'loss': 1.2291, 'grad_norm': 0.8125, 'learning_rate': 1.96e-05, 'epoch': 0.12}}
 12%|█▏        | 150/1250 [09:41<1:10:03,  3.82s/it]
Traceback (most recent call last):
  File "/data/ft/run_clm.py", line 655, in <module>
    main()
  File "/data/ft/run_clm.py", line 603, in main
    train_result = trainer.train(resume_from_checkpoint=checkpoint)
  File "{SP}/transformers/trainer.py", line 2531, in _inner_training_loop
    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)
  File "{SP}/transformers/trainer.py", line 3675, in training_step
    loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)
  File "{SP}/transformers/loss/loss_utils.py", line 36, in ForCausalLMLoss
    logits = logits.float()
torch.OutOfMemoryError: {OOM_L}
 12%|█▏        | 150/1250 [09:44<1:10:31,  3.85s/it]
Traceback (most recent call last):
  File "/usr/local/bin/accelerate", line 8, in <module>
    sys.exit(main())
  File "{SP}/accelerate/commands/accelerate_cli.py", line 48, in main
    args.func(args)
  File "{SP}/accelerate/commands/launch.py", line 1174, in launch_command
    simple_launcher(args)
  File "{SP}/accelerate/commands/launch.py", line 769, in simple_launcher
    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)
subprocess.CalledProcessError: Command '['/usr/bin/python3', 'run_clm.py', '--model_name_or_path', 'Qwen/Qwen2.5-14B', '--per_device_train_batch_size', '8', '--block_size', '4096', '--bf16']' returned non-zero exit status 1.
'''),

    dict(name="21-nccl-2.21-distbackenderror-cuda-failure-2-oom-fsdp2", kind="cuda",
         family="torch 2.4+ DistBackendError from NCCL 2.2x with the driver error code: `unhandled cuda error ... ncclUnhandledCudaError: Call to CUDA function failed.` / `Last error:` / `Cuda failure 2 'out of memory'` (FSDP2's first all-gather), NCCL's own WARN line before it",
         version="NCCL 2.19-2.23 (CUDACHECK / CUCHECK: WARN(\"Cuda failure %d '%s'\", ...)) ; torch 2.4-2.9 ProcessGroupNCCL (DistBackendError, `Last error:` on its own line)",
         source="NVIDIA/nccl src/include/checks.h CUCHECK (WARN(\"Cuda failure %d '%s'\", err, errStr)) + pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp C10D_NCCL_CHECK (`NCCL error in: ...`, getNcclErrorDetailStr: 'Last error:\\n' + ncclGetLastError)",
         log="gpu-h100-12:77120:77415 [6] NCCL INFO Channel 15/0 : 6[6] -> 7[7] via P2P/CUMEM/read\n"
             "gpu-h100-12:77120:77415 [6] include/alloc.h:124 NCCL WARN Cuda failure 2 'out of memory'\n"
             "gpu-h100-12:77120:77415 [6] NCCL INFO transport/p2p.cc:208 -> 1\n"
             "gpu-h100-12:77120:77415 [6] NCCL INFO transport.cc:165 -> 1\n"
             + ranked("[rank6]: ", f'''Traceback (most recent call last):
  File "/workspace/torchtitan/train.py", line 402, in train
    pred = model(inputs)
  File "{SP}/torch/distributed/fsdp/_fully_shard/_fsdp_state.py", line 230, in _pre_forward
    args, kwargs = self._fsdp_param_group.pre_forward(module, args, kwargs)
  File "{SP}/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py", line 200, in foreach_all_gather
    all_gather_work = dist.all_gather_into_tensor(
torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5
ncclUnhandledCudaError: Call to CUDA function failed.
Last error:
Cuda failure 2 'out of memory\'''') + "\n"),

    dict(name="22-liger-triton-autotune-bench-oom", kind="cuda",
         family="A CUDA OOM raised while Triton's autotuner benchmarks a configuration (triton.testing.do_bench allocates its L2-flush buffer) inside a Liger kernel",
         version="triton 3.0-3.3 (runtime/autotuner.py Autotuner._bench -> testing.do_bench: cache = torch.empty(int(cache_size // 4), dtype=torch.int, device='cuda')) ; liger-kernel 0.4-0.5 ; torch 2.4+",
         source="triton-lang/triton python/triton/runtime/autotuner.py Autotuner.run / _bench + python/triton/testing.py do_bench (torch.empty for the L2 cache flush) + linkedin/Liger-Kernel src/liger_kernel/ops/fused_linear_cross_entropy.py",
         facts=facts(7.81, 79.19),
         log=f'''[2025-05-14 19:22:08] trainer: step 0, tokens 262144, using liger fused linear cross entropy
Traceback (most recent call last):
  File "/mnt/exp/sft.py", line 310, in <module>
    trainer.train()
  File "{SP}/liger_kernel/transformers/model/qwen2.py", line 219, in lce_forward
    loss = LigerForCausalLMLoss(
  File "{SP}/liger_kernel/ops/fused_linear_cross_entropy.py", line 114, in fused_linear_cross_entropy_forward
    liger_cross_entropy_kernel[(n_rows,)](
  File "{SP}/triton/runtime/jit.py", line 330, in <lambda>
    return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)
  File "{SP}/triton/runtime/autotuner.py", line 186, in run
    timings = {{config: self._bench(*args, config=config, **kwargs) for config in pruned_configs}}
  File "{SP}/triton/runtime/autotuner.py", line 165, in _bench
    return self.do_bench(kernel_call, quantiles=(0.5, 0.2, 0.8))
  File "{SP}/triton/testing.py", line 117, in do_bench
    cache = torch.empty(int(cache_size // 4), dtype=torch.int, device='cuda')
torch.OutOfMemoryError: {OOM_G}
'''),

    dict(name="23-megatron-oom-flattened-one-line-chat-paste", kind="cuda",
         family="A Megatron-LM CUDA OOM traceback pasted into a chat that dropped the line breaks: the whole traceback on one line, frames separated by spaces",
         version="Megatron-LM core 0.9-0.12 ; torch 2.4+ message ; chat clients (Slack / Teams / WeChat) joining a pasted block into one paragraph",
         source="NVIDIA/Megatron-LM megatron/core/pipeline_parallel/schedules.py forward_step + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp (message); the flattened shape from users' chat exports",
         confidence="medium",
         facts=facts(4.0, 79.15),
         log=f'''[10:41] Wen Li: job 88213 died again at iteration 1500 after I bumped seq len to 16k, any idea?
[10:42] Wen Li: [rank1]: Traceback (most recent call last): [rank1]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 301, in <module> [rank1]:     pretrain( [rank1]:   File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 275, in forward_step [rank1]:     output_tensor, loss_func = forward_step_func(data_iterator, model) [rank1]:   File "/workspace/Megatron-LM/megatron/core/transformer/attention.py", line 551, in forward [rank1]:     core_attn_out = self.core_attention( [rank1]: torch.OutOfMemoryError: {OOM_J}
[10:44] Aziz: 16k with TP2 and no context parallel will not fit, try --context-parallel-size 2
'''),

    dict(name="24-fsdp2-oom-tail-c-paste-cut-at-start", kind="cuda",
         family="A CUDA OOM pasted from `tail -c` / a scroll-back buffer that starts mid-message: the first line begins inside the allocator text (`...ried to allocate ...`), the exception class and `CUDA out of memory` are cut off",
         version="torch 2.4+ allocator message ; FSDP2 fully_shard frames ; the paste cut at an arbitrary byte",
         source="pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc (the message's later sentences: `GPU N has a total capacity of ... of which ... is free. Including non-PyTorch memory, this process has ... memory in use. Of the allocated memory ...`)",
         confidence="medium",
         log='''ried to allocate 2.00 GiB. GPU 4 has a total capacity of 79.10 GiB of which 1.37 GiB is free. Including non-PyTorch memory, this process has 77.72 GiB memory in use. Of the allocated memory 73.90 GiB is allocated by PyTorch, and 3.17 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
W0611 07:12:40.118000 2211 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2301 closing signal SIGTERM
W0611 07:12:40.119000 2211 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2302 closing signal SIGTERM
E0611 07:12:41.870000 2211 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 4 (pid: 2305) of binary: /usr/bin/python
'''),

    dict(name="25-python-json-logger-exc-info-field", kind="cuda",
         family="A structured JSON log (python-json-logger): the traceback of a CUDA OOM lives in the record's `exc_info` field, JSON-escaped, while `message` holds only the handler's text",
         version="python-json-logger 2.x-3.x (JsonFormatter: exc_info formatted into the 'exc_info' key) ; torch 2.4+",
         source="madzak/python-json-logger (nhairs/python-json-logger) src/pythonjsonlogger/jsonlogger.py JsonFormatter.format (if record.exc_info and not message_dict.get('exc_info'): message_dict['exc_info'] = self.formatException(record.exc_info))",
         facts=facts(3.91, 79.15),
         log='''{"asctime": "2025-08-03 12:40:02,114", "levelname": "INFO", "name": "rm_trainer", "message": "step 600 loss=0.5521 acc=0.711"}
{"asctime": "2025-08-03 12:40:31,860", "levelname": "INFO", "name": "rm_trainer", "message": "step 610 loss=0.5487 acc=0.714"}
{"asctime": "2025-08-03 12:40:37,002", "levelname": "ERROR", "name": "rm_trainer", "message": "reward model training step failed; aborting run", "exc_info": "Traceback (most recent call last):\\n  File \\"/app/rm/train.py\\", line 118, in step\\n    chosen = self.model(**batch[\\"chosen\\"]).logits\\n  File \\"/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py\\", line 1747, in _call_impl\\n    return forward_call(*args, **kwargs)\\ntorch.OutOfMemoryError: ''' + OOM_B + '''", "run_id": "rm-7b-0803"}
{"asctime": "2025-08-03 12:40:37,410", "levelname": "INFO", "name": "rm_trainer", "message": "shutdown complete"}
'''),
]
