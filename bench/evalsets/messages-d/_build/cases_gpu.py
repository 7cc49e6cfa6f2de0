"""Device-memory (GPU / accelerator / engine pool) OOM formats in none of messages/, messages-b/, messages-c/."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="01-torch-inductor-error-oom", kind="cuda",
         family="torch.compile: Inductor's own wrapper (InductorError, a BackendCompilerFailed subclass) around an allocator OOM",
         version="torch 2.7-2.9 (torch._inductor.exc.InductorError: OutOfMemoryError: CUDA out of memory. ...)",
         source="pytorch/pytorch torch/_inductor/exc.py InductorError.__init__ (`{type(inner).__name__}: {inner}` through ShortenTraceback) + torch/_dynamo/exc.py (`Set TORCHDYNAMO_VERBOSE=1 ...`) v2.7",
         facts=dict(gpu_index=3, tried_to_allocate_gib=2.5, total_capacity_gib=79.19, free_gib=1.06),
         log=f'''[rank3]: Traceback (most recent call last):
[rank3]:   File "/workspace/torchtitan/train.py", line 544, in <module>
[rank3]:     trainer.train()
[rank3]:   File "/workspace/torchtitan/train.py", line 457, in train
[rank3]:     self.train_step(data_iterator)
[rank3]:   File "/workspace/torchtitan/train.py", line 389, in forward_backward_step
[rank3]:     pred = model_parts[0](inputs)
[rank3]:   File "{SP}/torch/_dynamo/eval_frame.py", line 655, in _fn
[rank3]:     return fn(*args, **kwargs)
[rank3]:   File "{SP}/torch/_dynamo/output_graph.py", line 1577, in _call_user_compiler
[rank3]:     raise BackendCompilerFailed(
[rank3]:   File "{SP}/torch/_inductor/compile_fx.py", line 856, in _compile_fx_inner
[rank3]:     raise InductorError(e, currentframe()).with_traceback(
[rank3]:   File "{SP}/torch/_inductor/select_algorithm.py", line 2190, in benchmark_example_value
[rank3]:     return rand_strided(
[rank3]: torch._inductor.exc.InductorError: OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 3 has a total capacity of 79.19 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.12 GiB memory in use. Of the allocated memory 74.40 GiB is allocated by PyTorch, and 2.91 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
[rank3]:
[rank3]: Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"
'''),
    dict(name="02-xla-cuda-graph-instantiate-oom", kind="cuda",
         family="XLA GPU command buffers: the CUDA driver ran out of memory instantiating a CUDA graph",
         version="jaxlib 0.4.3x-0.7 (RESOURCE_EXHAUSTED: CUDA driver ran out of memory trying to instantiate CUDA graph with N nodes ...)",
         source="openxla/xla xla/stream_executor/cuda/cuda_command_buffer.cc / gpu_command_buffer.cc Finalize (ResourceExhaustedError `CUDA driver ran out of memory trying to instantiate CUDA graph with %d nodes and %d conditionals ...`)",
         log='''I0612 08:14:02.118843 140211 train.py:212] step 0, compiling train_step
2025-06-12 08:15:47.510021: E external/xla/xla/stream_executor/cuda/cuda_command_buffer.cc:491] Failed to instantiate CUDA graph: CUDA_ERROR_OUT_OF_MEMORY: out of memory
Traceback (most recent call last):
  File "/app/maxtext/MaxText/train.py", line 1012, in <module>
    app.run(main)
  File "/app/maxtext/MaxText/train.py", line 866, in train_loop
    state, metrics = p_train_step(state, example_batch, nextrng)
jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: CUDA driver ran out of memory trying to instantiate CUDA graph with 1873 nodes and 0 conditionals (total of 41 alive CUDA graphs in the process). You can try to (a) Give more memory to CUDA driver by reducing XLA_PYTHON_CLIENT_MEM_FRACTION (b) Disable CUDA graph with 'XLA_FLAGS=--xla_gpu_enable_command_buffer=' (empty set). Original error: Failed to instantiate CUDA graph: CUDA_ERROR_OUT_OF_MEMORY: out of memory
--------------------
For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.
'''),
    dict(name="03-xla-load-cubin-oom", kind="cuda",
         family="XLA GPU executable load: loading a compiled kernel module (CUBIN) failed for lack of device memory",
         version="jaxlib 0.4.2x-0.7 (RESOURCE_EXHAUSTED: Failed to load in-memory CUBIN (compiled for a different GPU?).: CUDA_ERROR_OUT_OF_MEMORY: out of memory)",
         source="openxla/xla xla/stream_executor/cuda/cuda_driver.cc / cuda_executor.cc LoadCubin (`Failed to load in-memory CUBIN` + cuModuleLoadFatBinary status); same text in tensorflow/stream_executor/cuda/cuda_driver.cc",
         note="the arena preallocated by the client leaves no room for the module; labelled from the message alone",
         log='''W0000 00:00:1739542210.114201   61233 gpu_device.cc:2344] Preallocating 75% of GPU memory
(TaskRunner pid=61233) epoch 0 step 0: loading rollout params into the generation mesh
(TaskRunner pid=61233) Traceback (most recent call last):
(TaskRunner pid=61233)   File "/workspace/tunix/rl/rollout.py", line 188, in generate
(TaskRunner pid=61233)     out = self._sampler(prompts, max_generation_steps=self.max_len)
(TaskRunner pid=61233) jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Failed to load in-memory CUBIN (compiled for a different GPU?).: CUDA_ERROR_OUT_OF_MEMORY: out of memory [executable_name='jit_sample_step']
'''),
    dict(name="04-cudnn9-device-allocation-failed", kind="cuda",
         family="cuDNN 9 status: a device allocation inside cuDNN failed (CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED)",
         version="cuDNN 9.x under torch 2.4-2.9 (RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED)",
         source="NVIDIA cuDNN 9 cudnn_graph.h cudnnStatus_t (CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED = 4004, 'Device memory allocation failed', since 9.0.0) + pytorch/pytorch aten/src/ATen/cudnn/Exceptions.h CUDNN_CHECK (`cuDNN error: ` + cudnnGetErrorString)",
         log=f'''  0%|          | 0/1250 [00:00<?, ?it/s]
Traceback (most recent call last):
  File "/workspace/llava/train/train_mem.py", line 4, in <module>
    train(attn_implementation="flash_attention_2")
  File "{SP}/transformers/models/siglip/modeling_siglip.py", line 281, in forward
    patch_embeds = self.patch_embedding(pixel_values.to(dtype=target_dtype))
  File "{SP}/torch/nn/modules/conv.py", line 549, in _conv_forward
    return F.conv2d(
RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED
'''),
    dict(name="05-trtllm-cuda-runtime-error-oom", kind="cuda",
         family="TensorRT-LLM C++ runtime CUDA check (TllmException: CUDA runtime error in <call>: out of memory)",
         version="TensorRT-LLM 0.1x-1.x (`[TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(...): out of memory (<file>:<line>)`)",
         source="NVIDIA/TensorRT-LLM cpp/include/tensorrt_llm/common/cudaUtils.h check() (`[TensorRT-LLM][ERROR] CUDA runtime error in %s: %s` thrown as TllmException with file:line)",
         log='''[TensorRT-LLM][INFO] Max KV cache pages per sequence: 64
[TensorRT-LLM][INFO] Number of tokens per block: 64.
[TensorRT-LLM][INFO] [MemUsageChange] Allocated 61.20 GiB for max tokens in paged KV cache (1002752).
[TensorRT-LLM][ERROR] Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory (/home/jenkins/agent/workspace/LLM/release-0.16/L0_PostMerge/llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:125)
1       0x7f3c1a2b4d1e tensorrt_llm::common::throwRuntimeError(char const*, int, std::string const&) + 94
2       0x7f3c1a61f3a8 tensorrt_llm::runtime::BufferManager::gpu(unsigned long, nvinfer1::DataType) const + 312
3       0x7f3c1c0e9a51 tensorrt_llm::batch_manager::TrtGptModelInflightBatching::forwardAsync(std::list<std::shared_ptr<tensorrt_llm::batch_manager::LlmRequest> > const&) + 1201
'''),
    dict(name="06-onnxruntime-cuda-call-failure", kind="cuda",
         family="ONNX Runtime CUDA execution provider CUDA_CALL check (CUDA failure 2: out of memory ; GPU=N ; hostname=...)",
         version="onnxruntime-gpu 1.1x-1.2x (`CUDA failure 2: out of memory ; GPU=0 ; hostname=... ; expr=cudaMalloc(...)`)",
         source="microsoft/onnxruntime onnxruntime/core/providers/cuda/cuda_call.cc CudaCall (`%s failure %d: %s ; GPU=%d ; hostname=%s ; expr=%s; %s`)",
         note="an ONNX reward model scoring rollouts on the training GPU; labelled from the message alone",
         log='''2025-03-02 11:40:19.551 [reward] scoring batch 37 (1024 responses)
2025-03-02 11:40:21.102830522 [E:onnxruntime:Default, cuda_call.cc:123 CudaCall] CUDA failure 2: out of memory ; GPU=0 ; hostname=rl-node-07 ; file=/onnxruntime_src/onnxruntime/core/providers/cuda/cuda_allocator.cc ; line=50 ; expr=cudaMalloc((void**)&p, size);
Traceback (most recent call last):
  File "/workspace/reward_server.py", line 91, in score
    logits = self.sess.run(None, feeds)[0]
onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running MatMul node. Name:'/model/layers.21/mlp/down_proj/MatMul' Status Message: CUDA failure 2: out of memory ; GPU=0 ; hostname=rl-node-07 ; expr=cudaMalloc((void**)&p, size);
'''),
    dict(name="07-ggml-vulkan-out-of-device-memory", kind="cuda",
         family="ggml Vulkan backend: device memory allocation failed (vk::Device::allocateMemory: ErrorOutOfDeviceMemory)",
         version="llama.cpp b3xxx-b6xxx Vulkan build (`ggml_vulkan: Device memory allocation of size N failed.`)",
         source="ggml-org/llama.cpp ggml/src/ggml-vulkan/ggml-vulkan.cpp ggml_vk_create_buffer (catches vk::SystemError: `ggml_vulkan: Device memory allocation of size %zu failed.` then e.what()) + src/llama-model.cpp (`unable to allocate %s buffer`)",
         facts=dict(tried_to_allocate_bytes=4294967296),
         log='''llama_model_load_from_file_impl: using device Vulkan0 (AMD Radeon RX 7900 XTX (RADV NAVI31)) - 24560 MiB free
load_tensors: loading model tensors, this can take a while... (mmap = true)
ggml_vulkan: Device memory allocation of size 4294967296 failed.
ggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory
llama_model_load: error loading model: unable to allocate Vulkan0 buffer
llama_model_load_from_file_impl: failed to load model
common_init_from_params: failed to load model '/models/Qwen2.5-32B-Instruct-Q6_K.gguf'
main: error: unable to load model
'''),
    dict(name="08-tgi-not-enough-memory-prefill-warmup", kind="cuda",
         family="Hugging Face text-generation-inference warm-up: the prefill token budget does not fit (Not enough memory to handle N prefill tokens)",
         version="text-generation-inference 1.x-3.x (`RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens``)",
         source="huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py FlashCausalLM.warmup (except torch.cuda.OutOfMemoryError -> RuntimeError `Not enough memory to handle {n} prefill tokens. You need to decrease `--max-batch-prefill-tokens``)",
         top=["micro-batch-too-large", "model-states-exceed-gpu"],
         log='''2025-01-14T09:12:55.318021Z  INFO text_generation_launcher: Using prefix caching = True
2025-01-14T09:13:41.902113Z ERROR text_generation_launcher: Method Warmup encountered an error.
Traceback (most recent call last):
  File "/opt/conda/bin/text-generation-server", line 8, in <module>
    sys.exit(app())
  File "/opt/conda/lib/python3.11/site-packages/text_generation_server/server.py", line 125, in Warmup
    batch, max_supported_total_tokens, max_input_tokens = self.model.warmup(
  File "/opt/conda/lib/python3.11/site-packages/text_generation_server/models/flash_causal_lm.py", line 1512, in warmup
    raise RuntimeError(
RuntimeError: Not enough memory to handle 16384 prefill tokens. You need to decrease `--max-batch-prefill-tokens`
2025-01-14T09:13:42.411520Z ERROR warmup{max_input_length=Some(16383) max_prefill_tokens=16384 max_total_tokens=Some(16384) max_batch_size=None}:warmup: text_generation_router_v3::client: backends/v3/src/client/mod.rs:45: Server error: Not enough memory to handle 16384 prefill tokens. You need to decrease `--max-batch-prefill-tokens`
Error: Backend(Warmup(Generation("Not enough memory to handle 16384 prefill tokens. You need to decrease `--max-batch-prefill-tokens`")))
'''),
    dict(name="09-mps-invalid-buffer-size", kind="cuda", confidence="low",
         family="PyTorch MPS allocator: one buffer larger than the Metal device's maximum buffer length (Invalid buffer size)",
         version="torch 2.1-2.9 on Apple silicon (RuntimeError: Invalid buffer size: 18.00 GB)",
         source="pytorch/pytorch aten/src/ATen/mps/MPSAllocator.mm MPSHeapAllocatorImpl::alloc_buffer_block (TORCH_CHECK(size < m_max_buffer_size, \"Invalid buffer size: \", format_size(size)))",
         note="a single allocation above maxBufferLength: the tensor (batch x sequence) is too large for the device; labelled device OOM",
         log='''Loading checkpoint shards: 100%|██████████| 2/2 [00:04<00:00,  2.11s/it]
Traceback (most recent call last):
  File "/Users/dev/finetune/sft_mps.py", line 77, in <module>
    trainer.train()
  File "/Users/dev/.venv/lib/python3.12/site-packages/transformers/models/llama/modeling_llama.py", line 421, in forward
    logits = self.lm_head(hidden_states[:, slice_indices, :])
RuntimeError: Invalid buffer size: 18.00 GB
'''),
    dict(name="10-miopen-alloc-failed", kind="cuda",
         family="MIOpen (ROCm) status: memory allocation failed (miopenStatusAllocFailed)",
         version="torch 2.x ROCm 6 builds (RuntimeError: miopenStatusAllocFailed)",
         source="ROCm/MIOpen include/miopen/miopen.h (miopenStatusAllocFailed = 4, 'Memory allocation error') + src/errors.cpp miopenGetErrorString + pytorch/pytorch aten/src/ATen/miopen/Exceptions.h MIOPEN_CHECK (throws miopenGetErrorString(status))",
         log=f'''[rank0]: Traceback (most recent call last):
[rank0]:   File "/workspace/train_diffusion.py", line 233, in <module>
[rank0]:     loss = unet(noisy_latents, timesteps, encoder_hidden_states).sample
[rank0]:   File "{SP}/diffusers/models/resnet.py", line 341, in forward
[rank0]:     hidden_states = self.conv1(hidden_states)
[rank0]:   File "{SP}/torch/nn/modules/conv.py", line 549, in _conv_forward
[rank0]:     return F.conv2d(
[rank0]: RuntimeError: miopenStatusAllocFailed
'''),
    dict(name="11-transformer-engine-cuda-error", kind="cuda",
         family="TransformerEngine CUDA runtime check (NVTE_CHECK_CUDA: <file>:<line> in function <f>: CUDA Error: out of memory)",
         version="TransformerEngine 1.x-2.x under Megatron-core / NeMo (`CUDA Error: out of memory`)",
         source="NVIDIA/TransformerEngine transformer_engine/common/util/logging.h NVTE_CHECK_CUDA (NVTE_ERROR(`CUDA Error: `, cudaGetErrorString(status)) prefixed with file:line in function)",
         log=f''' [2025-05-19 22:10:31] iteration      118/   20000 | consumed samples:        15104 | elapsed time per iteration (ms): 4210.7 | lm loss: 2.113427E+00 |
[rank5]: Traceback (most recent call last):
[rank5]:   File "/opt/megatron-lm/pretrain_gpt.py", line 312, in <module>
[rank5]:     pretrain(
[rank5]:   File "{SP}/transformer_engine/pytorch/module/layernorm_linear.py", line 165, in forward
[rank5]:     ln_out, mu, rsigma = apply_normalization(
[rank5]: RuntimeError: /workspace/TransformerEngine/transformer_engine/common/normalization/common.cpp:429 in function operator(): CUDA Error: out of memory
'''),
    dict(name="12-tvm-cuda-call-oom", kind="cuda",
         family="Apache TVM CUDA device API check (MLC-LLM): Check failed: (e == cudaSuccess || e == cudaErrorCudartUnloading) is false: CUDA: out of memory",
         version="TVM 0.1x / mlc-llm 0.1x-0.2x (tvm.error.InternalError)",
         source="apache/tvm src/runtime/cuda/cuda_common.h CUDA_CALL (ICHECK(e == cudaSuccess || e == cudaErrorCudartUnloading) << \"CUDA: \" << cudaGetErrorString(e)) + src/runtime/cuda/cuda_device_api.cc AllocDataSpace",
         log='''[2025-02-03 17:21:09] INFO engine_base.py:192: The selected engine mode is server. We use as much GPU memory as possible (within the limit of gpu_memory_utilization).
[2025-02-03 17:21:31] INFO model_metadata.py:167: Estimated total single GPU memory usage: 21540.55 MB (Parameters: 15240.29 MB. KVCache: 5210.11 MB. Temporary buffer: 1090.15 MB)
Exception in thread Thread-1:
Traceback (most recent call last):
  File "/opt/conda/lib/python3.11/site-packages/mlc_llm/serve/engine_base.py", line 1141, in _background_loop
    self._ffi["run_background_loop"]()
  File "tvm/_ffi/_cython/./packed_func.pxi", line 339, in tvm._ffi._cy3.core.PackedFuncBase.__call__
tvm.error.InternalError: Traceback (most recent call last):
  3: mlc::llm::serve::ThreadedEngineImpl::RunBackgroundLoop()
  2: tvm::runtime::NDArray::Empty(tvm::runtime::ShapeTuple, DLDataType, DLDevice, tvm::runtime::Optional<tvm::runtime::String>)
  1: tvm::runtime::CUDADeviceAPI::AllocDataSpace(DLDevice, unsigned long, unsigned long, DLDataType)
  0: _ZN3tvm7runtime6deta
  File "/workspace/tvm/src/runtime/cuda/cuda_device_api.cc", line 145
InternalError: Check failed: (e == cudaSuccess || e == cudaErrorCudartUnloading) is false: CUDA: out of memory
'''),
    dict(name="13-ctranslate2-cuda-failed-oom", kind="cuda",
         family="CTranslate2 CUDA check (faster-whisper / NLLB): CUDA failed with error out of memory",
         version="ctranslate2 3.x-4.x (RuntimeError: CUDA failed with error out of memory)",
         source="OpenNMT/CTranslate2 src/cuda/utils.h CUDA_CHECK (THROW_RUNTIME_ERROR(\"CUDA failed with error \" + cudaGetErrorString(status)))",
         note="a transcription pass preparing an audio SFT set; labelled from the message alone",
         log='''[2025-04-08 03:12:44] transcribe shard 0031/0128 (412 files)
Traceback (most recent call last):
  File "/data/prep/transcribe.py", line 58, in <module>
    segments, info = model.transcribe(path, beam_size=5, batch_size=32)
  File "/opt/venv/lib/python3.10/site-packages/faster_whisper/transcribe.py", line 1760, in encode
    return self.model.encode(features, to_cpu=to_cpu)
RuntimeError: CUDA failed with error out of memory
'''),
    dict(name="14-pycuda-cumemalloc-failed", kind="cuda",
         family="PyCUDA driver wrapper: cuMemAlloc failed: out of memory (pycuda._driver.MemoryError)",
         version="pycuda 2019-2024 (pycuda._driver.MemoryError: cuMemAlloc failed: out of memory)",
         source="inducer/pycuda src/cpp/cuda.hpp CUDAPP_CALL_GUARDED (throws cuda::error(`cuMemAlloc`, status) -> `<routine> failed: <cuGetErrorString>`, mapped to pycuda._driver.MemoryError for CUDA_ERROR_OUT_OF_MEMORY) + pycuda/driver.py mem_alloc_like",
         note="a TensorRT engine runner (pycuda buffers) serving a rollout reward; labelled from the message alone",
         log='''[03/11/2025-14:02:17] [TRT] [I] Loaded engine size: 6924 MiB
[03/11/2025-14:02:19] [TRT] [I] [MemUsageChange] TensorRT-managed allocation in IExecutionContext creation: CPU +0, GPU +1536, now: CPU 0, GPU 8452 (MiB)
Traceback (most recent call last):
  File "/srv/rm/trt_runner.py", line 64, in allocate_buffers
    device_mem = cuda.mem_alloc(host_mem.nbytes)
pycuda._driver.MemoryError: cuMemAlloc failed: out of memory
'''),
    dict(name="15-xgboost-gpu-memory-allocation-error", kind="cuda",
         family="XGBoost GPU allocator: Memory allocation error on worker N (free / requested memory report)",
         version="xgboost 1.7-3.x (`XGBoostError: ... Memory allocation error on worker 0: std::bad_alloc: cudaErrorMemoryAllocation: out of memory` then `- Free memory:` / `- Requested memory:` lines)",
         source="dmlc/xgboost src/common/device_helpers.cu dh::detail::ThrowOOMError (`Memory allocation error on worker ` << rank << `: ` << err << `- Free memory: ` << HumanMemUnit(...) << `- Requested memory: ` ...)",
         note="a GPU XGBoost difficulty classifier filtering an RL prompt pool; labelled from the message alone",
         log="""[14:02:11] WARNING: /workspace/src/common/error_msg.cc:58: Falling back to prediction using DMatrix due to mismatched devices.
Traceback (most recent call last):
  File "/data/filter/difficulty_filter.py", line 112, in <module>
    booster = xgb.train(params, dtrain, num_boost_round=800)
xgboost.core.XGBoostError: [14:02:19] /workspace/src/common/device_helpers.cu:24: Memory allocation error on worker 0: std::bad_alloc: cudaErrorMemoryAllocation: out of memory
- Free memory: 1.31GB
- Requested memory: 6.94GB

Stack trace:
  [bt] (0) /opt/venv/lib/python3.11/site-packages/xgboost/lib/libxgboost.so(+0x2c1f3c) [0x7f8a2e2c1f3c]
"""),
    dict(name="16-directml-not-enough-video-memory", kind="cuda", confidence="low",
         family="torch-directml (Windows DirectML device): could not allocate a tensor, not enough GPU video memory",
         version="torch-directml 0.1.13-0.2.x (`RuntimeError: Could not allocate tensor with N bytes. There is not enough GPU video memory available!`)",
         source="microsoft/DirectML torch-directml plugin (closed source); wording as users paste it from Windows DirectML runs (stable-diffusion-webui-directml, LoRA trainers)",
         facts=dict(tried_to_allocate_bytes=4831838208),
         log="""PS C:\\train> python .\\train_lora.py --device dml --batch_size 4
epoch 1/10:   3%|##5          | 12/400 [00:41<22:08,  3.42s/it]
Traceback (most recent call last):
  File "C:\\train\\train_lora.py", line 201, in <module>
    loss.backward()
  File "C:\\Users\\ml\\venv\\lib\\site-packages\\torch\\autograd\\__init__.py", line 251, in backward
    Variable._execution_engine.run_backward(
RuntimeError: Could not allocate tensor with 4831838208 bytes. There is not enough GPU video memory available!
"""),
]
