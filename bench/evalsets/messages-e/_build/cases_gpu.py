"""Device-memory OOM formats (accelerators, engines, kernels) in none of messages/, messages-b/, messages-c/, messages-d/."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="01-ray-train-v2-worker-group-error-oom", kind="cuda",
         family="Ray Train v2 controller: WorkerGroupError / TrainingFailedError wrapping each rank's error snippet (a torch CUDA OOM inside)",
         version="Ray 2.43-2.5x with RAY_TRAIN_V2_ENABLED=1 (`ray.train.WorkerGroupError: Training failed due to worker errors:` + `[Rank N Error Snippet]:`)",
         source="ray-project/ray python/ray/train/v2/api/exceptions.py TrainingFailedError / WorkerGroupError (super().__init__(`Training failed due to worker errors:\\n` + error_message)) + v2/_internal/execution/worker_group (per-rank error snippets)",
         facts=dict(tried_to_allocate_gib=3.5, total_capacity_gib=79.19),
         log=f'''(RayTrainWorker pid=41822) [rank 0] step 118 loss=2.0113 lr=1.9e-05
(RayTrainWorker pid=41822) [rank 0] step 119 loss=1.9978 lr=1.9e-05
(TrainController pid=41710) [State Transition] RUNNING -> ERRORED.
Traceback (most recent call last):
  File "/home/ray/train_sft.py", line 212, in <module>
    result = trainer.fit()
  File "{SP}/ray/train/v2/api/data_parallel_trainer.py", line 176, in fit
    raise result.error
ray.train.WorkerGroupError: Training failed due to worker errors:
[Rank 0 Error Snippet]:
Traceback (most recent call last):
  File "/home/ray/train_sft.py", line 140, in train_func
    loss.backward()
  File "{SP}/torch/autograd/graph.py", line 829, in _engine_run_backward
    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 2.61 GiB is free. Including non-PyTorch memory, this process has 76.57 GiB memory in use. Of the allocated memory 70.02 GiB is allocated by PyTorch, and 5.73 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
'''),
    dict(name="02-openvino-gpu-exceeded-max-memory-allocation", kind="cuda",
         family="OpenVINO GPU plugin: allocation larger than the device memory still available (Exceeded max size of memory allocation)",
         version="OpenVINO 2023.x-2025.x intel_gpu plugin (`[GPU] Exceeded max size of memory allocation: Required X bytes, already occupied : Y bytes, but available memory size is Z bytes`)",
         source="openvinotoolkit/openvino src/plugins/intel_gpu/src/runtime/ocl/ocl_engine.cpp check_allocatable (OPENVINO_ASSERT(!exceed_available_mem_size, `[GPU] Exceeded max size of memory allocation: `, `Required `, ..., ` bytes, already occupied : `, ..., `but available memory size is `, ...))",
         log='''[ INFO ] Compiling model for GPU (Intel(R) Arc(TM) A770 Graphics)
Traceback (most recent call last):
  File "C:\\work\\ov_chat\\run_llm.py", line 58, in <module>
    pipe = openvino_genai.LLMPipeline(model_dir, "GPU")
RuntimeError: Exception from src\\inference\\src\\cpp\\core.cpp:109:
Exception from src\\inference\\src\\dev\\plugin.cpp:53:
Check '!exceed_available_mem_size' failed at src\\plugins\\intel_gpu\\src\\runtime\\ocl\\ocl_engine.cpp:191:
[GPU] Exceeded max size of memory allocation: Required 2147483648 bytes, already occupied : 15032385536 bytes, but available memory size is 16225243136 bytes
'''),
    dict(name="03-ggml-metal-command-buffer-insufficient-memory", kind="cuda",
         family="ggml Metal backend (llama.cpp on Apple silicon): a command buffer failed with Insufficient Memory (kIOGPUCommandBufferCallbackErrorOutOfMemory)",
         version="llama.cpp b2xxx-b6xxx Metal build (`ggml_metal_graph_compute: command buffer 0 failed with status 5` + `error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)`)",
         source="ggml-org/llama.cpp ggml/src/ggml-metal/ggml-metal.m ggml_metal_graph_compute (GGML_LOG_INFO(`%s: command buffer %d failed with status %lu`), `error: %s` with [cmd_buf error].localizedDescription)",
         log='''llama_kv_cache_unified:      Metal KV buffer size = 16384.00 MiB
llama_context:      Metal compute buffer size =  2212.00 MiB
main: chat template is available, enabling conversation mode by default
ggml_metal_graph_compute: command buffer 0 failed with status 5
error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)
graph_compute: ggml_backend_sched_graph_compute_async failed with error -1
llama_decode: failed to decode, ret = -3
main : failed to eval
'''),
    dict(name="04-cudajl-out-of-gpu-memory", kind="cuda",
         family="CUDA.jl (Julia) memory pool: OutOfGPUMemoryError with its effective-usage and pool report",
         version="CUDA.jl 3.x-5.x (`ERROR: Out of GPU memory trying to allocate X GiB` + `Effective GPU memory usage:` + `Memory pool usage:`)",
         source="JuliaGPU/CUDA.jl src/pool.jl Base.showerror(io, ::OutOfGPUMemoryError) (println(io, `Out of GPU memory trying to allocate $(Base.format_bytes(err.sz))`); memory_status(io))",
         log='''julia> include("train_flux.jl")
[ Info: epoch 1 / 20, batch size 512
ERROR: LoadError: Out of GPU memory trying to allocate 11.921 GiB
Effective GPU memory usage: 99.85% (23.608 GiB/23.643 GiB)
Memory pool usage: 21.411 GiB (23.281 GiB reserved)

Stacktrace:
  [1] throw_api_error(res::CUDA.cudaError_enum)
    @ CUDA ~/.julia/packages/CUDA/Tl08O/lib/cudadrv/libcuda.jl:30
  [2] alloc
    @ ~/.julia/packages/CUDA/Tl08O/src/pool.jl:700 [inlined]
  [3] CuArray{Float32, 4, CUDA.DeviceMemory}(::UndefInitializer, dims::NTuple{4, Int64})
    @ CUDA ~/.julia/packages/CUDA/Tl08O/src/array.jl:74
in expression starting at /home/ana/train_flux.jl:88
'''),
    dict(name="05-ggml-cuda-error-pool-vmm", kind="cuda",
         family="ggml CUDA backend error handler (CUDA error: <msg> / current device: N, in function F at file:line / statement) from the VMM pool",
         version="llama.cpp b2xxx-b6xxx CUDA build (`CUDA error: out of memory` + `  current device: 0, in function ggml_cuda_pool_vmm::alloc at ...` + `  cuMemCreate(...)` + GGML_ABORT)",
         source="ggml-org/llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu ggml_cuda_error (GGML_LOG_ERROR(GGML_CUDA_NAME ` error: %s`), (`  current device: %d, in function %s at %s:%d`), (`  %s`, stmt); GGML_ABORT(GGML_CUDA_NAME ` error`))",
         log='''srv  update_slots: id  0 | task 412 | prompt processing progress, n_past = 30720, n_tokens = 2048, progress = 0.937500
CUDA error: out of memory
  current device: 0, in function ggml_cuda_pool_vmm::alloc at /app/ggml/src/ggml-cuda/ggml-cuda.cu:413
  cuMemCreate(&handle, reserve_size, &prop, 0)
/app/ggml/src/ggml-cuda/ggml-cuda.cu:84: CUDA error
/app/build/bin/libggml-base.so(+0x16c8b)[0x7f1e4a1b6c8b]
/app/build/bin/libggml-base.so(ggml_abort+0x15e)[0x7f1e4a1b703e]
/app/build/bin/libggml-cuda.so(+0x8f2a2)[0x7f1e3c68f2a2]
Aborted (core dumped)
'''),
    dict(name="06-tensorrt-error-code-2-outofmemory", kind="cuda",
         family="TensorRT builder / runtime error code 2 (OutOfMemory) from the virtual-memory buffer",
         version="TensorRT 8.5-10.x (`[TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::145] Error Code 2: OutOfMemory (no further information)`)",
         source="NVIDIA TensorRT (closed source) nvinfer1::ErrorCode kOUT_OF_MEMORY = 2 (NvInferRuntimeBase.h: `An error occurred when performing an allocation of memory on the host or the device`); wording as printed by the ILogger in users' trtexec / torch2trt / Polygraphy pastes",
         log='''[11/02/2025-09:14:27] [TRT] [I] BuilderFlag::kTF32 is set but hardware does not support TF32. Disabling TF32.
[11/02/2025-09:14:27] [TRT] [I] Local timing cache in use. Profiling results in this builder pass will not be stored.
[11/02/2025-09:16:02] [TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::145] Error Code 2: OutOfMemory (no further information)
[11/02/2025-09:16:02] [TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::145] Error Code 2: OutOfMemory (no further information)
[11/02/2025-09:16:02] [TRT] [E] 4: [builderUtils.cpp::endTimer::556] Error Code 4: Internal Error (Engine build failed)
Traceback (most recent call last):
  File "export_trt.py", line 77, in <module>
    with open(engine_path, "wb") as f: f.write(engine.serialize())
AttributeError: 'NoneType' object has no attribute 'serialize'
'''),
    dict(name="07-directml-e-outofmemory-8007000e", kind="cuda",
         family="DirectML (ONNX Runtime DmlExecutionProvider on Windows): HRESULT 0x8007000E E_OUTOFMEMORY (Not enough memory resources are available to complete this operation.)",
         version="onnxruntime-directml 1.1x-1.2x (`... 8007000E Not enough memory resources are available to complete this operation.`)",
         source="microsoft/onnxruntime onnxruntime/core/providers/dml/DmlExecutionProvider/src/ErrorHandling.h ORT_THROW_IF_FAILED (HRESULT message from FormatMessage) + Windows winerror.h E_OUTOFMEMORY 0x8007000E `Not enough memory resources are available to complete this operation.`",
         log='''2025-03-18 21:40:07.1130212 [E:onnxruntime:, sequential_executor.cc:516 onnxruntime::ExecuteKernel] Non-zero status code returned while running MatMul node. Name:'/model/layers.22/mlp/down_proj/MatMul' Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\dml\\DmlExecutionProvider\\src\\MLOperatorAuthorImpl.cpp(2557)\\onnxruntime_pybind11_state.pyd!00007FFB8F1D2C4B: (caller: 00007FFB8F1A5E11) Exception(3) tid(2f1c) 8007000E Not enough memory resources are available to complete this operation.

Traceback (most recent call last):
  File "C:\\Users\\mk\\llm\\chat_dml.py", line 41, in <module>
    outputs = session.run(None, feeds)
onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running MatMul node. Name:'/model/layers.22/mlp/down_proj/MatMul' Status Message: 8007000E Not enough memory resources are available to complete this operation.
'''),
    dict(name="08-xla-collective-memory-ncclmemalloc", kind="cuda",
         family="XLA GPU collectives: ncclMemAlloc for device collective memory failed (failed to allocate X from device collective memory ... Last NCCL warning(error) log entry)",
         version="jaxlib 0.4.3x-0.7 (`failed to allocate 2.00GiB (2147483648 bytes) from device collective memory: unhandled cuda error ..., Last NCCL warning(error) log entry (may be unrelated): Cuda failure 'out of memory'`)",
         source="openxla/xla xla/backends/gpu/collectives/nccl_collectives.cc / nccl_api.cc Allocate (absl::InternalError(`failed to allocate %s (%llu bytes) from device collective memory: %s, Last NCCL warning(error) log entry (may be unrelated): %s`))",
         facts=dict(tried_to_allocate_bytes=2147483648),
         log='''I1104 10:22:41.508113 140311 train.py:301] step 0 compiled in 118.2 s
2025-11-04 10:22:49.771208: E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:3087] Execution of replica 0 failed: INTERNAL: failed to allocate 2.00GiB (2147483648 bytes) from device collective memory: unhandled cuda error (run with NCCL_DEBUG=INFO for details), Last NCCL warning(error) log entry (may be unrelated): Cuda failure 'out of memory'
Traceback (most recent call last):
  File "/workspace/maxtext/MaxText/train.py", line 512, in <module>
    app.run(main)
jax.errors.JaxRuntimeError: INTERNAL: failed to allocate 2.00GiB (2147483648 bytes) from device collective memory: unhandled cuda error (run with NCCL_DEBUG=INFO for details), Last NCCL warning(error) log entry (may be unrelated): Cuda failure 'out of memory'
'''),
    dict(name="09-mlx-metal-malloc-max-buffer-size", kind="cuda",
         family="MLX Metal allocator: one buffer larger than the device's maximum allowed buffer size ([metal::malloc] Attempting to allocate N bytes ...)",
         version="mlx 0.1x-0.2x (`RuntimeError: [metal::malloc] Attempting to allocate N bytes which is greater than the maximum allowed buffer size of M bytes.`)",
         source="ml-explore/mlx mlx/backend/metal/allocator.cpp MetalAllocator::malloc (std::runtime_error(`[metal::malloc] Attempting to allocate ` << size << ` bytes which is greater than the maximum allowed buffer size of ` << max << ` bytes.`))",
         facts=dict(tried_to_allocate_bytes=135383101952),
         log='''==========
Prompt: 31890 tokens, 1402.118 tokens-per-sec
Traceback (most recent call last):
  File "/opt/homebrew/bin/mlx_lm.generate", line 8, in <module>
    sys.exit(main())
  File "/opt/homebrew/lib/python3.12/site-packages/mlx_lm/generate.py", line 824, in main
    response = generate(
  File "/opt/homebrew/lib/python3.12/site-packages/mlx_lm/generate.py", line 672, in generate
    for response in stream_generate(model, tokenizer, prompt, **kwargs):
RuntimeError: [metal::malloc] Attempting to allocate 135383101952 bytes which is greater than the maximum allowed buffer size of 86586540032 bytes.
'''),
    dict(name="10-mxnet-pooled-storage-cudamalloc-retry", kind="cuda",
         family="MXNet pooled GPU storage manager: cudaMalloc retry failed: out of memory",
         version="mxnet 1.x (`mxnet.base.MXNetError: [..] src/storage/./pooled_storage_manager.h:N: cudaMalloc retry failed: out of memory`)",
         source="apache/mxnet src/storage/pooled_storage_manager.h GPUPooledStorageManager::Alloc (after ReleaseAll, LOG(FATAL) << `cudaMalloc retry failed: ` << cudaGetErrorString(e))",
         log='''[07:41:12] src/operator/nn/./cudnn/./cudnn_algoreg-inl.h:97: Running performance tests to find the best convolution algorithm, this can take a while... (set the environment variable MXNET_CUDNN_AUTOTUNE_DEFAULT to 0 to disable)
Traceback (most recent call last):
  File "train_imagenet.py", line 63, in <module>
    fit.fit(args, sym, data.get_rec_iter)
  File "/opt/mxnet/example/image-classification/common/fit.py", line 333, in fit
    monitor=monitor)
mxnet.base.MXNetError: [07:41:19] src/storage/./pooled_storage_manager.h:157: cudaMalloc retry failed: out of memory
Stack trace:
  [bt] (0) /usr/local/lib/python3.8/dist-packages/mxnet/libmxnet.so(+0x6b8b5b) [0x7f3a2a6b8b5b]
  [bt] (1) /usr/local/lib/python3.8/dist-packages/mxnet/libmxnet.so(+0x3d2e5b2) [0x7f3a2dd2e5b2]
'''),
    dict(name="11-caffe-check-failed-cudasuccess-oom", kind="cuda",
         family="Caffe CUDA_CHECK (glog): Check failed: error == cudaSuccess (2 vs. 0)  out of memory",
         version="Caffe 1.0 / Caffe-derived tools (OpenPose) (`Check failed: error == cudaSuccess (2 vs. 0)  out of memory`)",
         source="BVLC/caffe include/caffe/util/device_alternate.hpp CUDA_CHECK (CHECK_EQ(error, cudaSuccess) << ` ` << cudaGetErrorString(error)) + src/caffe/syncedmem.cpp to_gpu",
         log='''I0214 16:02:11.417830 18231 net.cpp:255] Network initialization done.
I0214 16:02:11.602719 18231 solver.cpp:57] Solver scaffolding done.
I0214 16:02:11.604911 18231 caffe.cpp:239] Starting Optimization
F0214 16:02:12.118402 18231 syncedmem.cpp:71] Check failed: error == cudaSuccess (2 vs. 0)  out of memory
*** Check failure stack trace: ***
    @     0x7f0b6c1a05cd  google::LogMessage::Fail()
    @     0x7f0b6c1a2433  google::LogMessage::SendToLog()
    @     0x7f0b6c8e1a2c  caffe::SyncedMemory::to_gpu()
Aborted (core dumped)
'''),
    dict(name="12-nvidia-warp-cuda-error-2", kind="cuda",
         family="NVIDIA Warp runtime CUDA check: Warp CUDA error 2: out of memory (in function F, file:line)",
         version="warp-lang 1.x (`Warp CUDA error 2: out of memory (in function wp_alloc_device_async, ...)` then `RuntimeError: Failed to allocate N bytes on device 'cuda:0'`)",
         source="NVIDIA/warp warp/native/cuda_util.cpp check_cuda_result (wp::set_error_string(`Warp CUDA error %u: %s (in function %s, %s:%d)`, ...)) + warp/context.py allocator (`Failed to allocate {size_in_bytes} bytes on device '{device}'`)",
         log='''Warp 1.6.2 initialized:
   CUDA Toolkit 12.8, Driver 12.8
   Devices:
     "cpu"      : "x86_64"
     "cuda:0"   : "NVIDIA GeForce RTX 4090" (24 GiB, sm_89, mempool enabled)
Module warp.sim.integrator_xpbd 8a1c2f3 load on device 'cuda:0' took 1.92 ms  (cached)
Warp CUDA error 2: out of memory (in function wp_alloc_device_async, /builds/omniverse/warp/warp/native/warp.cu:458)
Traceback (most recent call last):
  File "/home/lee/sim/rollout.py", line 96, in <module>
    particles = wp.zeros(n_particles, dtype=wp.vec3, device="cuda:0")
RuntimeError: Failed to allocate 25769803776 bytes on device 'cuda:0'
'''),
    dict(name="13-pyopencl-mem-object-allocation-failure", kind="cuda",
         family="PyOpenCL: OpenCL call failed with MEM_OBJECT_ALLOCATION_FAILURE (pyopencl._cl.MemoryError)",
         version="pyopencl 2018-2025 (`pyopencl._cl.MemoryError: clEnqueueNDRangeKernel failed: MEM_OBJECT_ALLOCATION_FAILURE`)",
         source="inducer/pyopencl src/wrap_helpers.hpp / src/clinfo_ext.h PYOPENCL_CALL_GUARDED (throws pyopencl::error(`<routine>`, status) -> `<routine> failed: <status name>`; CL_MEM_OBJECT_ALLOCATION_FAILURE mapped to pyopencl.MemoryError)",
         log='''Choose platform:
[0] <pyopencl.Platform 'AMD Accelerated Parallel Processing' at 0x7f26c3b0e010>
Set the environment variable PYOPENCL_CTX='0' to avoid being asked again.
Traceback (most recent call last):
  File "sph_solver.py", line 211, in <module>
    prg.density(queue, (n,), None, pos_buf, rho_buf, np.int32(n)).wait()
  File "/usr/lib/python3/dist-packages/pyopencl/__init__.py", line 887, in kernel_call
    return self._enqueue(self, queue, global_size, local_size, *args, **kwargs)
pyopencl._cl.MemoryError: clEnqueueNDRangeKernel failed: MEM_OBJECT_ALLOCATION_FAILURE
'''),
    dict(name="14-lightgbm-gpu-memory-object-allocation-failure", kind="cuda",
         family="LightGBM GPU (OpenCL via Boost.Compute): Memory Object Allocation Failure",
         version="lightgbm 3.x-4.x device=gpu (`[LightGBM] [Fatal] Memory Object Allocation Failure`)",
         source="microsoft/LightGBM src/treelearner/gpu_tree_learner.cpp (boost::compute calls; exceptions logged through Log::Fatal) + boostorg/compute include/boost/compute/exception/opencl_error.hpp to_string (CL_MEM_OBJECT_ALLOCATION_FAILURE -> `Memory Object Allocation Failure`)",
         log='''[LightGBM] [Info] This is the GPU trainer!!
[LightGBM] [Info] Total Bins 16320
[LightGBM] [Info] Number of data points in the train set: 48000000, number of used features: 64
[LightGBM] [Info] Using GPU Device: gfx1030, Vendor: Advanced Micro Devices, Inc.
[LightGBM] [Info] Compiling OpenCL Kernel with 256 bins...
[LightGBM] [Info] GPU programs have been built
[LightGBM] [Fatal] Memory Object Allocation Failure
Traceback (most recent call last):
  File "fit_gbm.py", line 52, in <module>
    booster = lgb.train(params, dtrain, num_boost_round=2000)
lightgbm.basic.LightGBMError: Memory Object Allocation Failure
'''),
    dict(name="15-catboost-cuda-error-2", kind="cuda",
         family="CatBoost GPU CUDA check: CUDA error 2: out of memory (catboost/cuda/cuda_lib)",
         version="catboost 1.x task_type=GPU (`_catboost.CatBoostError: catboost/cuda/cuda_lib/cuda_base.h:281: CUDA error 2: out of memory`)",
         source="catboost/catboost catboost/cuda/cuda_lib/cuda_base.h CUDA_SAFE_CALL (ythrow TCatBoostException() << `CUDA error ` << (int)errorCode << `: ` << cudaGetErrorString(errorCode))",
         log='''Learning rate set to 0.058271
0:	learn: 0.6571231	test: 0.6573112	best: 0.6573112 (0)	total: 181ms	remaining: 3m
Traceback (most recent call last):
  File "train_cb.py", line 40, in <module>
    model.fit(train_pool, eval_set=val_pool)
  File "_catboost.pyx", line 2600, in _catboost._CatBoost._train
_catboost.CatBoostError: catboost/cuda/cuda_lib/cuda_base.h:281: CUDA error 2: out of memory
'''),
    dict(name="16-matlab-out-of-memory-on-device", kind="cuda",
         family="MATLAB Parallel Computing Toolbox: Out of memory on device (gpuArray / Deep Learning Toolbox trainNetwork)",
         version="MATLAB R2019b-R2025a (`Out of memory on device. To view more detail about available memory on the GPU, use 'gpuDevice()'. If the problem persists, reset the GPU by calling 'gpuDevice(1)'.`)",
         source="MathWorks MATLAB parallel.gpu (closed source) error id parallel:gpu:array:OOM; wording as MATLAB prints it in users' Answers / forum pastes",
         log='''>> net = trainNetwork(dsTrain, layers, options);
Training on single GPU.
Initializing input data normalization.
|========================================================================================|
|  Epoch  |  Iteration  |  Time Elapsed  |  Mini-batch  |  Mini-batch  |  Base Learning  |
|         |             |   (hh:mm:ss)   |   Accuracy   |     Loss     |      Rate       |
|========================================================================================|
Error using trainNetwork
Out of memory on device. To view more detail about available memory on the GPU, use 'gpuDevice()'. If the problem persists, reset the GPU by calling 'gpuDevice(1)'.
Caused by:
    Error using nnet.internal.cnn.layer.util.Convolution2DGPUStrategy/forward
    Out of memory on device. To view more detail about available memory on the GPU, use 'gpuDevice()'. If the problem persists, reset the GPU by calling 'gpuDevice(1)'.
'''),
]
