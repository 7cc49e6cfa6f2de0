"""Host-memory OOM renderings of the training stacks in none of messages/ .. messages-j/."""

CASES = [
    dict(name="26-jax-out-of-host-memory-pjrt-gpu-host-memory-limit", kind="host",
         top=["cpu-offload-host-ram", "host-ram-pressure"],
         family="JAX / XLA on GPU offloading to pinned host memory (memory_kind='pinned_host', optimizer state offload): `RESOURCE_EXHAUSTED: Out of host memory while trying to allocate 80.00GiB. Please set the environment variable XLA_PJRT_GPU_HOST_MEMORY_LIMIT_GB to allocate larger host memory than the default 64 GB.`",
         version="jax/jaxlib 0.4.3x-0.6 (XLA stream_executor MemoryAllocationError with is_host_mem; PJRT GPU host memory limit, default 64 GB)",
         source="openxla/xla xla/stream_executor/integrations/tf_allocator_adapter.cc MemoryAllocationError (StrCat('Out of ', is_host_mem ? 'host ' : '', 'memory while trying to allocate ', HumanReadableNumBytes(size), '.', is_host_mem ? ' Please set the environment variable XLA_PJRT_GPU_HOST_MEMORY_LIMIT_GB to allocate larger host memory than the default 64 GB.' : ''))",
         note="the host-memory pool XLA keeps for pinned_host buffers (offloaded optimizer state) ran out; cause labelled from the message alone",
         log='''I1125 01:02:11.503316 140223 train.py:97] offloading optimizer state to pinned_host (opt_state 96.4 GiB)
I1125 01:02:40.019984 140223 train.py:133] compiled train_step in 28.1s
E1125 01:02:44.771108 140223 pjrt_stream_executor_client.cc:3084] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of host memory while trying to allocate 80.00GiB. Please set the environment variable XLA_PJRT_GPU_HOST_MEMORY_LIMIT_GB to allocate larger host memory than the default 64 GB. [tf-allocator-allocation-error='']
Traceback (most recent call last):
  File "/workspace/maxtext_gpu/train.py", line 312, in <module>
    app.run(main)
  File "/workspace/maxtext_gpu/train.py", line 276, in train_loop
    state, metrics = p_train_step(state, example_batch, nextrng)
jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of host memory while trying to allocate 80.00GiB. Please set the environment variable XLA_PJRT_GPU_HOST_MEMORY_LIMIT_GB to allocate larger host memory than the default 64 GB. [executable_name='jit_train_step'] [tf-allocator-allocation-error='']
--------------------
For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.
'''),

    dict(name="27-deepspeed-zero-offload-cpu-adam-defaultcpuallocator-rank-prefixed", kind="host",
         top=["cpu-offload-host-ram", "host-ram-pressure"],
         family="DeepSpeed ZeRO-Offload (offload_optimizer: cpu) building the fp32 optimizer partitions in host RAM: `RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate N bytes.` behind torchrun's `[rankN]:`, raised from DeepSpeedZeroOptimizer's `_create_param_groups_fp16_partitions` / `.float()` copy",
         version="deepspeed 0.12-0.16 (runtime/zero/stage_1_and_2.py: single_partition_of_fp32_groups = ... .to(self.device).clone().float().detach() with offload device cpu) ; torch 2.1-2.9 (c10/core/impl/alloc_cpu.cpp alloc_cpu: 'DefaultCPUAllocator: not enough memory: you tried to allocate ', nbytes, ' bytes.')",
         source="deepspeedai/DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py DeepSpeedZeroOptimizer.__init__ (self.single_partition_of_fp32_groups.append(self.parallel_partitioned_bit16_groups[i][partition_id].to(self.device).clone().float().detach())) + pytorch/pytorch c10/core/impl/alloc_cpu.cpp (CAFFE_ENFORCE(data, 'DefaultCPUAllocator: not enough memory: you tried to allocate ', nbytes, ' bytes.'))",
         log='''[2024-11-25 00:44:02,188] [INFO] [config.py:1003:print_user_config]   json = {"zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu", "pin_memory": true}}, "bf16": {"enabled": true}, "train_micro_batch_size_per_gpu": 1}
[2024-11-25 00:44:02,201] [INFO] [stage_1_and_2.py:149:__init__] Reduce bucket size 500000000
[2024-11-25 00:44:02,201] [INFO] [stage_1_and_2.py:150:__init__] CPU Offload: True
[rank5]: Traceback (most recent call last):
[rank5]:   File "/mnt/ft/train_sft.py", line 166, in <module>
[rank5]:     model, optimizer, _, _ = deepspeed.initialize(model=model, config=ds_cfg, model_parameters=params)
[rank5]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 1553, in _configure_zero_optimizer
[rank5]:     optimizer = DeepSpeedZeroOptimizer(
[rank5]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 415, in __init__
[rank5]:     self.parallel_partitioned_bit16_groups[i][partition_id].to(self.device).clone().float().detach())
[rank5]: RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 4265607168 bytes.
W1125 00:44:31.007000 2291 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2301 closing signal SIGTERM
E1125 00:44:31.771000 2291 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 5 (pid: 2306) of binary: /usr/bin/python
'''),

    dict(name="28-torch-load-mmap-safetensors-shard-enomem-accelerate", kind="host",
         family="torch.load(..., mmap=True) / transformers loading a sharded checkpoint with mmap on a node out of address space / RAM: `RuntimeError: unable to mmap 9976578928 bytes from file </models/.../pytorch_model-00001-of-00003.bin>: Cannot allocate memory (12)` from MapAllocator, raised by transformers' load_state_dict",
         version="torch 2.1-2.9 (aten/src/ATen/MapAllocator.cpp: 'unable to mmap ', size, ' bytes from file <', filename, '>: ', strerror(errno), ' (', errno, ')') ; transformers 4.4x load_state_dict(weights_only=True, mmap=True)",
         source="pytorch/pytorch aten/src/ATen/MapAllocator.cpp MapAllocator::MapAllocator (TORCH_CHECK(false, 'unable to mmap ', size_, ' bytes from file <', filename_, '>: ', c10::utils::str_error(errno), ' (', errno, ')')) + huggingface/transformers src/transformers/modeling_utils.py load_state_dict (torch.load(checkpoint_file, map_location=map_location, weights_only=True, mmap=True))",
         log='''Loading checkpoint shards:   0%|          | 0/3 [00:00<?, ?it/s]
Traceback (most recent call last):
  File "/srv/ft/merge_and_train.py", line 54, in <module>
    model = AutoModelForCausalLM.from_pretrained(args.base, torch_dtype=torch.bfloat16)
  File "/srv/ft/.venv/lib/python3.10/site-packages/transformers/modeling_utils.py", line 4310, in _load_pretrained_model
    state_dict = load_state_dict(shard_file, is_quantized=is_quantized)
  File "/srv/ft/.venv/lib/python3.10/site-packages/transformers/modeling_utils.py", line 556, in load_state_dict
    return torch.load(
  File "/srv/ft/.venv/lib/python3.10/site-packages/torch/serialization.py", line 1326, in load
    with _open_file_like(f, "rb") as opened_file:
  File "/srv/ft/.venv/lib/python3.10/site-packages/torch/serialization.py", line 1378, in load
    overall_storage = torch.UntypedStorage.from_file(os.fspath(f), shared, size)
RuntimeError: unable to mmap 9976578928 bytes from file </models/llama-2-13b-hf/pytorch_model-00001-of-00003.bin>: Cannot allocate memory (12)
'''),
]
