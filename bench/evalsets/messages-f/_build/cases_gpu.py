"""Device / accelerator OOM formats in none of messages/ .. messages-e/ (written blind, each read in its source)."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="01-torch-gcu-enflame-oom", kind="cuda",
         family="torch_gcu (Enflame GCU, a PyTorch privateuse1 backend): caching allocator's GCU out of memory with capacity / free / allocated report",
         version="torch_gcu 2.x for torch 2.1-2.5 (`torch.OutOfMemoryError: GCU out of memory. Tried to allocate X. GCU N has a total capacity of Y of which Z is free.`)",
         source="Enflame torch_gcu csrc GCUCachingAllocator.cpp DeviceCachingAllocator::malloc (TORCH_CHECK_WITH(OutOfMemoryError, false, `GCU out of memory. Tried to allocate `, format_size(alloc_size), `. GCU `, device, ` has a total capacity of `, ..., ` of which `, ..., ` is free. `, proc_info, `Of the allocated memory ` ...))",
         facts=dict(tried_to_allocate_gib=2.5, total_capacity_gib=47.98),
         log=f'''[rank3]: Traceback (most recent call last):
[rank3]:   File "/workspace/llama_factory/src/train.py", line 28, in <module>
[rank3]:     main()
[rank3]:   File "{SP}/transformers/trainer.py", line 3745, in training_step
[rank3]:     self.accelerator.backward(loss, **kwargs)
[rank3]:   File "{SP}/torch/autograd/graph.py", line 769, in _engine_run_backward
[rank3]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
[rank3]: torch.OutOfMemoryError: GCU out of memory. Tried to allocate 2.50 GiB. GCU 3 has a total capacity of 47.98 GiB of which 1.12 GiB is free. Of the allocated memory 43.61 GiB is allocated by PyTorch, and 2.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_GCU_ALLOC_CONF=expandable_segments:True to avoid fragmentation.
W1107 03:12:44.918000 5521 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 5524 closing signal SIGTERM
'''),
    dict(name="02-torch-musa-legacy-oom", kind="cuda",
         family="torch_musa (Moore Threads MUSA backend): MUSAOutOfMemoryError in the legacy parenthesised allocator report",
         version="torch_musa 1.x-2.x (`MUSA out of memory. Tried to allocate X (GPU N; Y total capacity; Z already allocated; W free; V reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb ... PYTORCH_MUSA_ALLOC_CONF`)",
         source="MooreThreads/torch_musa torch_musa/csrc/core/Allocator.cpp DeviceCachingAllocator::malloc (TORCH_CHECK_WITH(MUSAOutOfMemoryError, false, `MUSA out of memory. Tried to allocate `, ..., ` (GPU `, device, `; `, ..., ` total capacity; `, ..., ` already allocated; `, ..., ` free; `, ..., ` reserved in total by PyTorch)`, ` If reserved memory is >> allocated memory try setting max_split_size_mb ...PYTORCH_MUSA_ALLOC_CONF`))",
         facts=dict(tried_to_allocate_mib=896.0, total_capacity_gib=47.99),
         log=f'''INFO 03-11 09:20:15 [model_runner.py:1110] Starting to load model /models/Qwen2.5-32B-Instruct...
Loading safetensors checkpoint shards:  71% Completed | 12/17 [00:41<00:17,  3.46s/it]
ERROR 03-11 09:21:02 [engine.py:400] MUSA out of memory. Tried to allocate 896.00 MiB (GPU 0; 47.99 GiB total capacity; 46.85 GiB already allocated; 610.31 MiB free; 46.90 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_MUSA_ALLOC_CONF
Traceback (most recent call last):
  File "{SP}/vllm/model_executor/model_loader/loader.py", line 375, in load_model
    model = _initialize_model(vllm_config=vllm_config)
torch_musa.MUSAOutOfMemoryError: MUSA out of memory. Tried to allocate 896.00 MiB (GPU 0; 47.99 GiB total capacity; 46.85 GiB already allocated; 610.31 MiB free; 46.90 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_MUSA_ALLOC_CONF
'''),
    dict(name="03-tenstorrent-ttnn-bank-manager-oom", kind="cuda",
         family="Tenstorrent tt-metal / TT-NN allocator: TT_FATAL Out of Memory: Not enough space to allocate N B DRAM buffer across K banks",
         version="tt-metal v0.5x-v0.6x (`TT_FATAL @ .../bank_manager.cpp:N: false` + `Out of Memory: Not enough space to allocate X B DRAM buffer across N banks, where each bank needs to store Y B, but bank size is Z B (allocated: A B, free: F B, largest free block: L B)`)",
         source="tenstorrent/tt-metal tt_metal/impl/allocator/bank_manager.cpp BankManager::allocate_buffer (TT_THROW / TT_FATAL(`Out of Memory: Not enough space to allocate {} B {} buffer across {} banks, where each bank needs to store {} B, but bank size is {} B (allocated: {} B, free: {} B, largest free block: {} B)`))",
         log='''2025-09-14 11:02:17.404 | INFO     | ttnn:open_device:200 - Opening device 0 (Wormhole n300)
2025-09-14 11:02:41.118 | INFO     | models.demos.llama3:run_generation:312 - Prefilling 8192 tokens, batch 32
Traceback (most recent call last):
  File "/home/ubuntu/tt-metal/models/tt_transformers/demo/simple_text_demo.py", line 611, in test_demo_text
    tt_out_logits = generator.prefill_forward_text(input_tokens_prefill_pt, page_table=page_table)
RuntimeError: TT_FATAL @ /home/ubuntu/tt-metal/tt_metal/impl/allocator/bank_manager.cpp:439: false
info:
Out of Memory: Not enough space to allocate 1061683200 B DRAM buffer across 12 banks, where each bank needs to store 88473600 B, but bank size is 1071644672 B (allocated: 1012187136 B, free: 59457536 B, largest free block: 41943040 B)
backtrace:
 --- tt::tt_metal::BankManager::allocate_buffer(unsigned long, unsigned long, bool, CoreRangeSet const&, std::optional<unsigned int>)
 --- tt::tt_metal::Allocator::allocate_buffer(tt::tt_metal::Buffer*)
'''),
    dict(name="04-rocclr-hsa-out-of-resources-abort", kind="cuda",
         family="ROCm ROCclr runtime: queue callback aborting with HSA_STATUS_ERROR_OUT_OF_RESOURCES (the device ran out of memory for a kernel's scratch / queue) then SIGABRT",
         version="ROCm 5.x-6.4 (`:0:rocdevice.cpp :N: T us: [pid:P tid:0x..] Callback: Queue 0x.. aborting with error : HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. ... code: 0x1008`)",
         source="ROCm/clr rocclr/device/rocm/rocdevice.cpp Device::callbackQueue (`Callback: Queue %p aborting with error : %s code: 0x%x` with hsa_status_string(HSA_STATUS_ERROR_OUT_OF_RESOURCES) = `HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events.`)",
         note="single message rendering; cause labelled from the message alone; the runtime reports its own allocation failure for the queue (device memory on an APU / dGPU)",
         log='''[2025-08-02 17:41:09] step 212/3000 | loss 1.8841 | lr 2.00e-05 | tokens/s 11842
[2025-08-02 17:41:12] step 213/3000 | loss 1.8790 | lr 2.00e-05 | tokens/s 11806
:0:rocdevice.cpp            :2984: 2093480102112 us: [pid:81234 tid:0x7f2a6bfff640] Callback: Queue 0x7f29b4a00000 aborting with error : HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events. code: 0x1008
Aborted (core dumped)
'''),
    dict(name="05-triton-hip-driver-error-code-2", kind="cuda",
         family="Triton AMD backend launcher: RuntimeError: Triton Error [HIP]: Code: 2, Messsage: out of memory (hipErrorOutOfMemory at kernel load / launch)",
         version="triton 3.x AMD backend (ROCm builds of torch 2.4-2.9; `RuntimeError: Triton Error [HIP]:  Code: 2, Messsage: out of memory`, the misspelling is the source's)",
         source="triton-lang/triton third_party/amd/backend/driver.c gpuAssert (prefix `Triton Error [HIP]: `; snprintf(err, ..., `%s Code: %d, Messsage: %s`, prefix, code, hipGetErrorString(code)))",
         log=f'''(EngineCore_DP0 pid=2214) INFO 09-30 12:04:55 [gpu_model_runner.py:2602] Graph capturing finished in 21 secs, took 0.61 GiB
(EngineCore_DP0 pid=2214) ERROR 09-30 12:07:31 [core.py:710] EngineCore encountered a fatal error.
(EngineCore_DP0 pid=2214) ERROR 09-30 12:07:31 [core.py:710] Traceback (most recent call last):
(EngineCore_DP0 pid=2214) ERROR 09-30 12:07:31 [core.py:710]   File "{SP}/triton/backends/amd/driver.py", line 479, in __call__
(EngineCore_DP0 pid=2214) ERROR 09-30 12:07:31 [core.py:710]     self.launch(*args, **kwargs)
(EngineCore_DP0 pid=2214) ERROR 09-30 12:07:31 [core.py:710] RuntimeError: Triton Error [HIP]:  Code: 2, Messsage: out of memory
'''),
    dict(name="06-tf-eager-failed-to-allocate-memory-op", kind="cuda",
         family="TensorFlow 2.1x eager op: ResourceExhaustedError {{function_node __wrapped__Op_device_/job:localhost/replica:0/task:0/device:GPU:0}} failed to allocate memory [Op:Op] (Keras 3 call context)",
         version="TensorFlow 2.13-2.19 with Keras 3 (`ResourceExhaustedError: Exception encountered when calling X.call().` + `{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:GPU:0}} failed to allocate memory [Op:Conv2D] name:`)",
         source="tensorflow/tensorflow tensorflow/core/framework/op_kernel.cc OpKernelContext::allocate_tensor (errors::ResourceExhausted(`failed to allocate memory`) for eager ops without the OOM shape report) + python/eager/execute.py quick_execute (`{{function_node __wrapped__...}}` + ` [Op:` name `]`)",
         log='''Epoch 3/40
 118/1250 ━━━━━━━━━━━━━━━━━━━━ 6:41 355ms/step - accuracy: 0.6120 - loss: 1.0932
Traceback (most recent call last):
  File "/home/jovyan/train_unet.py", line 88, in <module>
    model.fit(train_ds, validation_data=val_ds, epochs=40)
  File "/opt/conda/lib/python3.11/site-packages/keras/src/utils/traceback_utils.py", line 122, in error_handler
    raise e.with_traceback(filtered_tb) from None
tensorflow.python.framework.errors_impl.ResourceExhaustedError: Exception encountered when calling Conv2D.call().

{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:GPU:0}} failed to allocate memory [Op:Conv2D] name: 

Arguments received by Conv2D.call():
  • inputs=tf.Tensor(shape=(64, 256, 256, 128), dtype=float32)
'''),
    dict(name="07-cupy-cudaruntimeerror-memory-allocation", kind="cuda",
         family="CuPy runtime API: cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorMemoryAllocation: out of memory (a runtime call, not the memory pool's OutOfMemoryError)",
         version="CuPy 11-13 (`cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorMemoryAllocation: out of memory`)",
         source="cupy/cupy cupy_backends/cuda/api/runtime.pyx CUDARuntimeError.__init__ (msg = f`{name.decode()}: {description.decode()}` from cudaGetErrorName / cudaGetErrorString; raised by check_status)",
         log=f'''[I 2025-05-19 08:12:40] Building k-NN graph on GPU (n=41,000,000, d=768)
Traceback (most recent call last):
  File "/srv/embed/build_index.py", line 143, in <module>
    dists = cp.asarray(block) @ cp.asarray(centroids).T
  File "cupy/_core/core.pyx", line 1722, in cupy._core.core._ndarray_base.__matmul__
  File "cupy/cuda/stream.pyx", line 47, in cupy.cuda.stream.get_current_stream
  File "cupy_backends/cuda/api/runtime.pyx", line 144, in cupy_backends.cuda.api.runtime.check_status
cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorMemoryAllocation: out of memory
'''),
    dict(name="08-xla-gemm-autotuner-oom-warning", kind="cuda",
         family="XLA GPU GEMM-fusion autotuner: Autotuning candidate failed with out of memory error (warning before compilation fails with the allocation error)",
         version="jaxlib 0.4.3x-0.7 / XLA GPU (`W ... gemm_fusion_autotuner.cc:N] Autotuning candidate failed with out of memory error. Consider disabling correctness checking (i.e. --xla_gpu_autotune_level=3) to reduce autotuning memory usage.`)",
         source="openxla/xla xla/service/gpu/autotuning/gemm_fusion_autotuner.cc GemmFusionAutotunerImpl::Profile (if IsMemoryAllocationError(result.status()) && reference_buffer: LOG(WARNING) << `Autotuning candidate failed with out of memory error. Consider disabling correctness checking (i.e. --xla_gpu_autotune_level=3) to reduce autotuning memory usage.`; then TF_RETURN_IF_ERROR(result.status()))",
         log='''I0000 00:00:1752051201.332912   41822 service.cc:152] XLA service 0x55d1c0a2e8f0 initialized for platform CUDA (this does not guarantee that XLA will be used). Devices:
I0000 00:00:1752051201.332950   41822 service.cc:160]   StreamExecutor device (0): NVIDIA A100-SXM4-40GB, Compute Capability 8.0
W0000 00:00:1752051266.118204   41822 gemm_fusion_autotuner.cc:1203] Autotuning candidate failed with out of memory error. Consider disabling correctness checking (i.e. --xla_gpu_autotune_level=3) to reduce autotuning memory usage.
Traceback (most recent call last):
  File "/home/user/maxtext/MaxText/train.py", line 790, in <module>
    app.run(main)
jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4831838208 bytes.
'''),
    dict(name="09-candle-cudarc-drivererror-oom", kind="cuda",
         family="candle (Rust, via cudarc): DriverError(CUDA_ERROR_OUT_OF_MEMORY, \"out of memory\") as text-embeddings-inference reports it at start-up",
         version="candle 0.4-0.9 / cudarc 0.9-0.16; text-embeddings-inference 1.x (`Error: Could not create backend` + `Caused by: Could not start backend: DriverError(CUDA_ERROR_OUT_OF_MEMORY, \"out of memory\")`)",
         source="coreylowman/cudarc src/driver/result.rs (impl Debug for DriverError: `DriverError({:?}, {:?})` with the CUresult and cuGetErrorString) + huggingface/text-embeddings-inference router/src/lib.rs (`Could not create backend`) and backends/candle",
         log='''2025-06-03T10:14:22.118402Z  INFO text_embeddings_router: router/src/main.rs:189: Args { model_id: "Qwe*/*****-*********-8B", revision: None, tokenization_workers: None, dtype: Some(Float16), pooling: None, max_concurrent_requests: 512, max_batch_tokens: 16384, ... }
2025-06-03T10:14:25.700113Z  INFO text_embeddings_backend_candle: backends/candle/src/lib.rs:436: Starting FlashQwen3 model on Cuda(CudaDevice(DeviceId(1)))
Error: Could not create backend

Caused by:
    Could not start backend: DriverError(CUDA_ERROR_OUT_OF_MEMORY, "out of memory")
'''),
    dict(name="10-cann-el0004-memory-allocation-failure", kind="cuda",
         family="Huawei CANN runtime error code EL0004: Failed to allocate memory (Possible Cause: Available memory is insufficient), printed by torch_npu after an operator failed",
         version="CANN 7.x-8.x with torch_npu 2.1-2.6 (`EL0004: [PID: N] ... Failed to allocate memory.` + `Possible Cause: Available memory is insufficient.` + `Solution: Close applications not in use.`)",
         source="Huawei CANN (closed source) error-code catalogue EL0004 `Memory_Allocation_Failure`; wording as torch_npu's c10_npu error path prints aclGetRecentErrMsg() in users' pastes (Ascend/pytorch torch_npu/csrc/core/npu/NPUException.h)",
         log='''[rank0]: Traceback (most recent call last):
[rank0]:   File "/home/ma-user/work/MindSpeed-LLM/pretrain_gpt.py", line 232, in <module>
[rank0]:     pretrain(train_valid_test_datasets_provider,
[rank0]: RuntimeError: call aclnnMatmul failed, detail:EL0004: [PID: 48120] 2025-07-21-14:03:11.602.831 Failed to allocate memory.
[rank0]:         Possible Cause: Available memory is insufficient.
[rank0]:         Solution: Close applications not in use.
[rank0]:         TraceBack (most recent call last):
[rank0]:         alloc device memory failed, runtime result = 207001[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]
[rank0]: [ERROR] 2025-07-21-14:03:11 (PID:48120, Device:0, RankID:0) ERR01100 OPS call acl api failed
'''),
    dict(name="11-thrust-bad-alloc-cuda-memory-allocation", kind="cuda",
         family="Thrust / CUB (CUDA C++ extensions such as gsplat, simple-knn, pytorch3d): terminate after thrust::system::detail::bad_alloc: std::bad_alloc: cudaErrorMemoryAllocation: out of memory",
         version="CUDA 11.x-12.x Thrust/CCCL (`terminate called after throwing an instance of 'thrust::system::detail::bad_alloc'` + `what():  std::bad_alloc: cudaErrorMemoryAllocation: out of memory`)",
         source="NVIDIA/cccl thrust/thrust/system/detail/bad_alloc.h (bad_alloc(const std::string& w): m_what(std::bad_alloc().what()) + `: ` + w) + thrust/system/cuda/detail/malloc_and_free.h (throw thrust::system::detail::bad_alloc(thrust::cuda_category().message(status).c_str()), cudaGetErrorName `: ` cudaGetErrorString)",
         log='''Optimizing output/garden
Output folder: ./output/garden [18/07 21:04:11]
Reading camera 185/185 [18/07 21:04:13]
Training progress:  23%|██▎       | 7000/30000 [09:12<30:01, 12.77it/s, Loss=0.0412110]
[ITER 7000] Evaluating train: L1 0.0291 PSNR 27.4102 [18/07 21:13:26]
terminate called after throwing an instance of 'thrust::system::detail::bad_alloc'
  what():  std::bad_alloc: cudaErrorMemoryAllocation: out of memory
Aborted (core dumped)
'''),
    dict(name="12-taichi-cuda-error-out-of-memory", kind="cuda",
         family="Taichi CUDA RHI driver: CUDA Error CUDA_ERROR_OUT_OF_MEMORY: out of memory while calling mem_alloc (cuMemAlloc_v2)",
         version="taichi 1.4-1.7 (`[E ... ] [cuda_driver.h:operator()@N] CUDA Error CUDA_ERROR_OUT_OF_MEMORY: out of memory while calling mem_alloc (cuMemAlloc_v2)`)",
         source="taichi-dev/taichi taichi/rhi/cuda/cuda_driver.h CUDADriverFunction::operator() (TI_ERROR(`CUDA Error {}: {} while calling {} ({})`, get_error_name(err), get_error_string(err), name_, symbol_name_))",
         note="single message rendering; cause labelled from the message alone; taichi's device memory pool is sized by device_memory_fraction / device_memory_GB",
         log='''[Taichi] version 1.7.2, llvm 15.0.4, commit 0131dce9, linux, python 3.10.14
[Taichi] Starting on arch=cuda
[Genesis] [21:40:02] [INFO] Building scene with 4096 parallel environments
[E 11/03/25 21:40:19.622 118204] [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_OUT_OF_MEMORY: out of memory while calling mem_alloc (cuMemAlloc_v2)

Traceback (most recent call last):
  File "/home/rl/locomotion/go2_train.py", line 171, in <module>
    env = Go2Env(num_envs=args.num_envs, env_cfg=env_cfg)
RuntimeError: [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_OUT_OF_MEMORY: out of memory while calling mem_alloc (cuMemAlloc_v2)
'''),
    dict(name="13-graphcore-poplar-graph-memory-allocation-error", kind="cuda",
         family="Graphcore Poplar (IPU): poplar::graph_memory_allocation_error Out of memory: Cannot fit all variable data onto one or more tiles",
         version="Poplar SDK 2.x-3.x / PopTorch (`terminate called after throwing an instance of 'poplar::graph_memory_allocation_error'` + `what():  Out of memory: Cannot fit all variable data onto one or more tiles. Profile saved to: ...`)",
         source="graphcore/tutorials tutorials/poplar/tut4_profiling README (the failure as Poplar prints it) + graphcore/popart tests (popart.session.OutOfMemoryException, message starts `Out of memory: Cannot fit all variable data onto one or more tiles`); Poplar itself is closed source",
         log='''Graph compilation: 100%|██████████| 100/100 [12:04<00:00]
[12:58:31.102] [poptorch:cpp] [error] Out of memory: Cannot fit all variable data onto one or more tiles. Profile saved to: ./reports/training/profile.pop
terminate called after throwing an instance of 'poplar::graph_memory_allocation_error'
  what():  Out of memory: Cannot fit all variable data onto one or more tiles. Profile saved to: ./reports/training/profile.pop
Aborted (core dumped)
'''),
    dict(name="14-ipex-xpu-allocation-out-of-device-memory", kind="cuda",
         family="Intel Extension for PyTorch (XPU): RuntimeError: Allocation is out of device memory on current platform. (a SYCL OUT_OF_RESOURCES rethrown)",
         version="intel-extension-for-pytorch 2.0-2.3 xpu (`RuntimeError: Allocation is out of device memory on current platform.`)",
         source="intel/intel-extension-for-pytorch csrc/gpu/utils/... (catch sycl::exception: if err_msg contains OUT_OF_RESOURCES: throw std::runtime_error(`Allocation is out of device memory on current platform.`))",
         log=f'''2024-04-02 16:20:41,118 - INFO - ***** Running training *****
2024-04-02 16:20:41,118 - INFO -   Num examples = 52,002
  3%|▎         | 41/1626 [03:11<2:03:02,  4.66s/it]
Traceback (most recent call last):
  File "/home/arc/ipex-llm/example/GPU/LLM-Finetuning/QLoRA/alpaca-qlora/alpaca_qlora_finetuning.py", line 232, in train
    trainer.train(resume_from_checkpoint=resume_from_checkpoint)
  File "{SP}/torch/autograd/__init__.py", line 251, in backward
    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
RuntimeError: Allocation is out of device memory on current platform.
'''),
    dict(name="15-mps-ndarray-total-bytes-assertion", kind="cuda",
         family="Apple Metal Performance Shaders (PyTorch MPS): failed assertion [MPSNDArray initWithDevice:descriptor:] Error: total bytes of NDArray > 2**32 (one array over Metal's per-buffer cap; the process aborts)",
         version="macOS 13-15 MPS with torch 2.0-2.9 (`.../MPSNDArray.mm:N: failed assertion `[MPSNDArray initWithDevice:descriptor:isTextureBacked:] Error: total bytes of NDArray > 2**32'`)",
         source="Apple MetalPerformanceShaders (closed source) MPSNDArray assertion; wording as users paste it (pytorch/pytorch issue 149261 on scaled_dot_product_attention; diffusers / transformers reports)",
         note="single message rendering; one tensor larger than Metal allows, labelled as a device OOM as the earlier sets' MPS buffer-size and MLX max-buffer cases",
         log='''$ python generate_video.py --height 768 --width 1360 --num_frames 121 --device mps
Loading pipeline components...: 100%|██████████| 5/5 [00:04<00:00,  1.06it/s]
  0%|          | 0/50 [00:00<?, ?it/s]
/AppleInternal/Library/BuildRoots/ce725a5f-c761-11ee-a4ec-b6ef2fd8d87b/Library/Caches/com.apple.xbs/Sources/MetalPerformanceShaders/MPSCore/Types/MPSNDArray.mm:788: failed assertion `[MPSNDArray initWithDevice:descriptor:isTextureBacked:] Error: total bytes of NDArray > 2**32'
zsh: abort      python generate_video.py --height 768 --width 1360 --num_frames 121 --device mps
'''),
    dict(name="16-cudnn-unable-to-find-valid-algorithm", kind="cuda",
         family="PyTorch cuDNN v7 convolution: Unable to find a valid cuDNN algorithm to run convolution (every candidate algorithm failed to get its workspace)",
         version="torch 1.8-2.9 (`RuntimeError: Unable to find a valid cuDNN algorithm to run convolution`)",
         source="pytorch/pytorch aten/src/ATen/native/cudnn/Conv_v7.cpp (algorithm search: candidates whose workspace allocation hits c10::OutOfMemoryError are skipped; when none is left TORCH_CHECK(false, `Unable to find a valid cuDNN algorithm to run convolution`))",
         note="single message rendering; decided blind: in practice this is the convolution's workspace not fitting (an OOM in cuDNN's words)",
         log=f'''Epoch 1: 12%|█▏        | 118/1000 [01:41<12:37,  1.16it/s, v_num=3, train_loss=0.284]
Traceback (most recent call last):
  File "/workspace/seg/train.py", line 77, in <module>
    trainer.fit(model, datamodule=dm)
  File "{SP}/torch/nn/modules/conv.py", line 549, in _conv_forward
    return F.conv2d(
RuntimeError: Unable to find a valid cuDNN algorithm to run convolution
'''),
    dict(name="17-cuda-core-cudaerror-out-of-memory", kind="cuda",
         family="NVIDIA cuda-python (cuda.core / cuda.bindings): CUDAError: CUDA_ERROR_OUT_OF_MEMORY: out of memory raised by handle_return",
         version="cuda-python 12.6-13.x cuda.core.experimental (`cuda.core.experimental._utils.cuda_utils.CUDAError: CUDA_ERROR_OUT_OF_MEMORY: out of memory`)",
         source="NVIDIA/cuda-python cuda_core/cuda/core/experimental/_utils/cuda_utils.py _check_driver_error (name = cuGetErrorName, desc = cuGetErrorString; raise CUDAError(f`{name.decode()}: {desc.decode()}`))",
         note="single message rendering; cause labelled from the message alone; least certain of the set's wordings (the module path moved between releases)",
         log=f'''Traceback (most recent call last):
  File "/home/dev/kernels/bench_gemm.py", line 64, in <module>
    buf = dev.allocate(8 * 1024**3, stream=s)
  File "{SP}/cuda/core/experimental/_device.py", line 1232, in allocate
    return self._mr.allocate(size, stream)
  File "{SP}/cuda/core/experimental/_memory.py", line 302, in allocate
    ptr = handle_return(driver.cuMemAllocAsync(size, stream.handle))
  File "{SP}/cuda/core/experimental/_utils/cuda_utils.py", line 106, in _check_driver_error
    raise CUDAError(f"{{name.decode()}}: {{desc.decode()}}")
cuda.core.experimental._utils.cuda_utils.CUDAError: CUDA_ERROR_OUT_OF_MEMORY: out of memory
'''),
    dict(name="18-tensorrt-error-code-1-cuda-runtime-oom", kind="cuda",
         family="TensorRT ILogger: Error Code 1: Cuda Runtime (out of memory) from defaultAllocator while building or executing an engine",
         version="TensorRT 8.5-10.x (`[TRT] [E] 1: [defaultAllocator.cpp::allocate::N] Error Code 1: Cuda Runtime (out of memory)`)",
         source="NVIDIA TensorRT (closed source) default GPU allocator error; wording as trtexec / Polygraphy / torch-tensorrt print the ILogger error in users' pastes",
         note="single message rendering; cause labelled from the message alone; closed source",
         log='''[11/02/2025-14:21:07] [I] [TRT] Local timing cache in use. Profiling results in this builder pass will not be stored.
[11/02/2025-14:23:51] [E] [TRT] 1: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)
[11/02/2025-14:23:51] [W] [TRT] Requested amount of GPU memory (17179869184 bytes) could not be allocated. There may not be enough free memory for allocation to succeed.
[11/02/2025-14:23:51] [E] [TRT] 2: [builder.cpp::buildSerializedNetwork::751] Error Code 2: Internal Error (Assertion engine != nullptr failed. )
[11/02/2025-14:23:51] [E] Engine could not be created from network
&&&& FAILED TensorRT.trtexec [TensorRT v100300] # trtexec --onnx=sdxl_unet.onnx --fp16 --saveEngine=unet.plan
'''),
    dict(name="19-ncnn-vkallocatememory-failed", kind="cuda",
         family="ncnn Vulkan allocator: vkAllocateMemory failed -2 (VK_ERROR_OUT_OF_DEVICE_MEMORY), as Real-ESRGAN / waifu2x ncnn-vulkan print it",
         version="ncnn 2022-2025 Vulkan builds (`vkAllocateMemory failed -2`, then the tool's own `... failed` line)",
         source="Tencent/ncnn src/allocator.cpp VkAllocator::allocate_memory (ret = vkAllocateMemory(...); if (ret != VK_SUCCESS) { NCNN_LOGE(`vkAllocateMemory failed %d`, ret); }) with VK_ERROR_OUT_OF_DEVICE_MEMORY = -2",
         log='''[0 NVIDIA GeForce GTX 1650]  queueC=2[8]  queueG=0[16]  queueT=1[2]
[0 NVIDIA GeForce GTX 1650]  bugsbn1=0  bugbilz=0  bugcopc=0  bugihfa=0
[0 NVIDIA GeForce GTX 1650]  fp16-p/s/a=1/1/1  int8-p/s/a=1/1/1
vkAllocateMemory failed -2
vkAllocateMemory failed -2
vkAllocateMemory failed -2
vkAllocateMemory failed -2
vkQueueSubmit failed -4
input/frame_00412.png -> output/frame_00412.png failed
'''),
    dict(name="20-mindspore-ascend-out-of-memory-request-size", kind="cuda",
         family="MindSpore Ascend memory adapter: Out of Memory!!! Request memory size: NB, Memory Statistic: (device HBM / MindSpore used / static / dynamic sizes)",
         version="MindSpore 1.8-2.4 on Ascend (`- Framework Error Message:` + `Out of Memory!!! Request memory size: XB, Memory Statistic:` + `Device HBM memory size: NM` ...)",
         source="mindspore-ai/mindspore mindspore/ccsrc/plugin/device/ascend/hal/device/ascend_memory_adapter.cc AscendMemAdapter::MallocStaticDevMem / MallocDynamicDevMem (MS_LOG(EXCEPTION) << `#umsg#Framework Error Message:#umsg#Out of Memory!!! Request memory size: ` << size << `B, Memory Statistic:` << DevMemStatistics() << `\\nPlease try to reduce 'batch_size' or check whether exists extra large shape. ...`)",
         log='''[INFO] ME(51872:281473214300176,MainProcess):2025-02-11-09:40:17.211.045 [mindspore/train/model.py:1103] Begin to compile graph, it will take a while.
Traceback (most recent call last):
  File "/home/ma-user/work/mindformers/run_mindformer.py", line 267, in <module>
    main(config_)
RuntimeError: 
----------------------------------------------------
- Framework Error Message:
----------------------------------------------------
Out of Memory!!! Request memory size: 4831838208B, Memory Statistic:
Device HBM memory size: 62432M
MindSpore Used memory size: 58880M
MindSpore memory base address: 0x124140000000
Total Static Memory size: 20482M
Total Dynamic memory size: 0M
Dynamic memory size of this graph: 0M

Please try to reduce 'batch_size' or check whether exists extra large shape. For more details, please refer to 'Out of Memory' at https://www.mindspore.cn .
'''),
    dict(name="21-paddle-xpu-out-of-memory", kind="cuda",
         family="PaddlePaddle Kunlun XPU allocator: ResourceExhaustedError Out of memory error on XPU N. Cannot allocate X memory on XPU N.",
         version="PaddlePaddle 2.5-3.x XPU builds (`ResourceExhaustedError: ` + `Out of memory error on XPU 0. Cannot allocate 1.500000GB memory on XPU 0.` + ` (at .../xpu_allocator.cc:N)`)",
         source="PaddlePaddle/Paddle paddle/phi/core/memory/allocation/xpu_allocator.cc XPUAllocator::AllocateImpl (PADDLE_THROW_BAD_ALLOC(common::errors::ResourceExhausted(`\\n\\nOut of memory error on XPU %d. Cannot allocate %s memory on XPU %d.\\n\\n`, ...)))",
         log='''[2025-04-09 13:02:55,118] [    INFO] - loss: 1.92731559, learning_rate: 2.999e-05, global_step: 410, interval_runtime: 2.511, interval_samples_per_second: 12.742
Traceback (most recent call last):
  File "/workspace/PaddleNLP/llm/run_finetune.py", line 627, in <module>
    main()
  File "/usr/local/lib/python3.10/dist-packages/paddlenlp/trainer/trainer.py", line 1236, in _inner_training_loop
    tr_loss_step = self.training_step(model, inputs)
MemoryError: 

--------------------------------------
C++ Traceback (most recent call last):
--------------------------------------
0   paddle::memory::allocation::XPUAllocator::AllocateImpl(unsigned long)

----------------------
Error Message Summary:
----------------------
ResourceExhaustedError: 

Out of memory error on XPU 0. Cannot allocate 1.500000GB memory on XPU 0.

 (at /paddle/paddle/phi/core/memory/allocation/xpu_allocator.cc:34)
'''),
    dict(name="22-aws-neuron-runtime-dram-alloc-failed", kind="cuda",
         family="AWS Neuron runtime (Trainium / Inferentia): TDRV dmem_alloc_internal / Failed to allocate aligned buffer in MLA DRAM, nrt_tensor_allocate status=4 (NRT_RESOURCE)",
         version="aws-neuronx-runtime-lib 2.1x-2.2x with torch-neuronx / NxD Inference (`ERROR  TDRV:dmem_alloc_internal ...` + `Failed to allocate aligned (0) buffer in MLA DRAM for H2D data` + `nrt_tensor_allocate status=4`)",
         source="AWS Neuron runtime libnrt (closed source); the tokens (dmem_alloc_internal, MLA DRAM, nrt_tensor_allocate status=4 = NRT_RESOURCE) as users' tooling and write-ups quote them, and aws-neuron/aws-neuron-sdk nrt.h (NRT_RESOURCE = 4)",
         note="single message rendering; cause labelled from the message alone; least certain of the set's renderings (closed source, assembled from quoted tokens)",
         log='''2025-Mar-04 10:12:31.0511 41233:41301 ERROR  TDRV:dmem_alloc_internal                     Failed to alloc DEVICE memory: 2147483648
2025-Mar-04 10:12:31.0512 41233:41301 ERROR  TDRV:dml_dump                                Wrote nrt memory alloc debug info to /tmp/nrt_mem_log_device_0_67c6d1ff.csv
2025-Mar-04 10:12:31.0514 41233:41301 ERROR  TDRV:copy_and_stage_mr_one_channel           Failed to allocate aligned (0) buffer in MLA DRAM for H2D data
2025-Mar-04 10:12:31.0519 41233:41301 ERROR  NRT:nrt_tensor_allocate                      nrt_tensor_allocate status=4, failed to allocate 2147483648 bytes on device 0
Traceback (most recent call last):
  File "/home/ubuntu/nxdi/run_llama.py", line 118, in <module>
    model.load(compiled_model_path)
RuntimeError: nrt_tensor_allocate failed: NRT_RESOURCE (status=4)
'''),
    dict(name="23-habana-syndevicemalloc-failed", kind="cuda",
         family="Intel Gaudi PyTorch bridge HPUAllocator: synDeviceMalloc failed to allocate N bytes (TORCH_HABANA_CHECK)",
         version="habana_frameworks.torch 1.1x-1.2x (`RuntimeError: synDeviceMalloc failed to allocate N bytes`)",
         source="HabanaAI gaudi-pytorch-bridge HPUAllocator::alloc (status = synDeviceMalloc(device_id, num_bytes, 0, 0, &ptr); TORCH_HABANA_CHECK(status, `synDeviceMalloc failed to allocate `, num_bytes, ` bytes`))",
         log=f'''============================= HABANA PT BRIDGE CONFIGURATION =========================== 
 PT_HPU_LAZY_MODE = 1
 PT_HPU_ENABLE_LAZY_COLLECTIVES = true
---------------------------: System Configuration :---------------------------
Num CPU Cores : 160
CPU RAM       : 1056374420 KB
------------------------------------------------------------------------------
Traceback (most recent call last):
  File "/root/optimum-habana/examples/language-modeling/run_clm.py", line 681, in <module>
    main()
  File "{SP}/habana_frameworks/torch/core/step_closure.py", line 71, in mark_step
    htcore._mark_step(device_str, sync)
RuntimeError: synDeviceMalloc failed to allocate 34359738368 bytes
'''),
    dict(name="24-onnxruntime-arena-available-memory-smaller", kind="cuda",
         family="ONNX Runtime BFC arena extend: Available memory of X is smaller than requested bytes of Y (the arena's gpu_mem_limit is reached)",
         version="onnxruntime-gpu 1.1x-1.2x (`Available memory of N is smaller than requested bytes of M`)",
         source="microsoft/onnxruntime onnxruntime/core/framework/bfc_arena.cc BFCArena::Extend (if (rounded_bytes > available_bytes) return ORT_MAKE_STATUS(..., `Available memory of `, available_bytes, ` is smaller than requested bytes of `, rounded_bytes))",
         note="single message rendering; cause labelled from the message alone; the arena is capped by the session's gpu_mem_limit or the device",
         log='''2025-10-21 08:31:44.902 [W:onnxruntime:, session_state.cc:1166 VerifyEachNodeIsAssignedToAnEp] Some nodes were not assigned to the preferred execution providers which may or may not have an negative impact on performance.
2025-10-21 08:32:02.551 [E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel] Non-zero status code returned while running Conv node. Name:'/backbone/stage4/conv3/Conv' Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:359 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Available memory of 268435456 is smaller than requested bytes of 1342177280
'''),
    dict(name="25-lmdeploy-turbomind-cuda-runtime-error-oom", kind="cuda",
         family="LMDeploy TurboMind engine: [TM][ERROR] CUDA runtime error: out of memory <file>:<line> (allocator check, then abort)",
         version="lmdeploy 0.4-0.10 TurboMind backend (`[TM][ERROR] CUDA runtime error: out of memory /opt/lmdeploy/src/turbomind/core/allocator.cc:49` + `Aborted (core dumped)`)",
         source="InternLM/lmdeploy src/turbomind/utils/cuda_utils.h check() (throw std::runtime_error(std::string(`[TM][ERROR] CUDA runtime error: `) + (_cudaGetErrorEnum(result)) + ` ` + file + `:` + std::to_string(line) + ` \\n`))",
         log='''2025-09-02 16:40:11,002 - lmdeploy - INFO - builder.py:64 - matching vision model: Qwen2VLModel
[TM][WARNING] [LlamaTritonModel] `max_context_token_num` is not set, default to 32768.
2025-09-02 16:40:19,871 - lmdeploy - WARNING - turbomind.py:231 - get 731 model params
[TM][ERROR] CUDA runtime error: out of memory /opt/lmdeploy/src/turbomind/core/allocator.cc:49
Aborted (core dumped)
'''),
]
