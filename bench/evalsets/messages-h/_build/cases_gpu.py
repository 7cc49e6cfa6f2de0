"""Device-memory OOM formats in none of messages/ .. messages-g/."""

SP = "/usr/local/lib/python3.10/dist-packages"

CASES = [
    dict(name="01-dali-cuda-bad-alloc-pipeline", kind="cuda",
         family="NVIDIA DALI: CUDABadAlloc (`CUDA allocation failed`) surfaced as a critical pipeline error from a GPU operator",
         version="nvidia-dali 1.2x-1.4x (`Critical error in pipeline:` + `Error in GPU operator ...` + `CUDA allocation failed` + `Current pipeline object is no longer valid.`)",
         source="NVIDIA/DALI include/dali/core/error_handling.h CUDABadAlloc::what() (`CUDA allocation failed`) + dali/pipeline/executor (`Critical error in pipeline:` ... `Current pipeline object is no longer valid.`)",
         log=f'''[1,0]<stdout>:epoch 3 it 1180/5004 loss 2.913 img/s 2811
[1,0]<stderr>:Traceback (most recent call last):
[1,0]<stderr>:  File "/workspace/rn50/main.py", line 301, in train_epoch
[1,0]<stderr>:    for i, data in enumerate(train_loader):
[1,0]<stderr>:  File "{SP}/nvidia/dali/plugin/pytorch/__init__.py", line 221, in __next__
[1,0]<stderr>:    outputs = self._get_outputs()
[1,0]<stderr>:  File "{SP}/nvidia/dali/plugin/base_iterator.py", line 385, in _get_outputs
[1,0]<stderr>:    outputs.append(p.share_outputs())
[1,0]<stderr>:  File "{SP}/nvidia/dali/pipeline.py", line 1179, in share_outputs
[1,0]<stderr>:    return self._pipe.ShareOutputs()
[1,0]<stderr>:RuntimeError: Critical error in pipeline:
[1,0]<stderr>:Error in GPU operator `nvidia.dali.fn.decoders.image_random_crop`,
[1,0]<stderr>:which was used in the pipeline definition with the following traceback:
[1,0]<stderr>:
[1,0]<stderr>:  File "/workspace/rn50/dali_pipe.py", line 44, in training_pipe
[1,0]<stderr>:    images = fn.decoders.image_random_crop(jpegs, device="mixed", output_type=types.RGB)
[1,0]<stderr>:
[1,0]<stderr>:encountered:
[1,0]<stderr>:
[1,0]<stderr>:CUDA allocation failed
[1,0]<stderr>:Current pipeline object is no longer valid.
'''),
    dict(name="02-wgpu-device-out-of-memory-not-enough-memory-left", kind="cuda",
         family="wgpu (Burn / candle-wgpu / WebGPU native): DeviceError::OutOfMemory, `Not enough memory left.` inside a wgpu validation panic",
         version="wgpu 0.17-24 (wgpu-core `DeviceError::OutOfMemory` Display `Not enough memory left.`; the default uncaptured-error handler panics with `wgpu error: Validation Error` + `Caused by:`)",
         source="gfx-rs/wgpu wgpu-core/src/device/mod.rs DeviceError (#[error(`Not enough memory left.`)] OutOfMemory) + wgpu/src/backend/wgpu_core.rs default_error_handler (panic `wgpu error: {err}`)",
         log='''   Compiling burn-train v0.16.0
    Finished `release` profile [optimized] target(s) in 2m 41s
     Running `target/release/train-vit --batch-size 256`
[2025-02-11T09:14:02Z INFO  train_vit] loaded 50000 training images
[2025-02-11T09:14:03Z INFO  burn_train::learner] Fitting the model: epochs=30
thread 'main' panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/wgpu-22.1.0/src/backend/wgpu_core.rs:3411:5:
wgpu error: Validation Error

Caused by:
  In Device::create_buffer
    Not enough memory left.

note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
'''),
    dict(name="03-jetson-nvmap-mem-alloc-error-12", kind="cuda",
         family="NVIDIA Jetson (L4T) nvmap: NvMapMemAllocInternalTagged ... error 12 (ENOMEM) from the unified-memory carveout, then NvRmMemAlloc failed",
         version="JetPack 4.x-6.x (libnvrm_mem: `NvMapMemAllocInternalTagged: <tag> error 12`, `NvMapMemHandleAlloc: error 0`, `NvRmMemAlloc failed`)",
         source="closed source (NVIDIA L4T libnvrm_mem.so); wording read in users' pastes on the NVIDIA Jetson forums and in dusty-nv/jetson-inference issues",
         confidence="low",
         log='''$ python3 detect.py --model yolov8s.engine --input csi://0
[gstreamer] initialized gstreamer, version 1.16.3.0
[TRT]    Loaded engine size: 22 MiB
[TRT]    [MemUsageChange] Init CUDA: CPU +0, GPU +0, now: CPU 412, GPU 3401 (MiB)
NvMapMemAllocInternalTagged: 1075072515 error 12
NvMapMemHandleAlloc: error 0
NvMapMemAllocInternalTagged: 1075072515 error 12
NvMapMemHandleAlloc: error 0
NvRmMemAlloc failed
Segmentation fault (core dumped)
'''),
    dict(name="04-radv-amdgpu-not-enough-memory-for-command-submission", kind="cuda",
         family="Mesa RADV (Vulkan on AMD): `radv/amdgpu: Not enough memory for command submission.` (the kernel refused the CS with ENOMEM), under llama.cpp's Vulkan backend",
         version="Mesa 20.x-24.x RADV (`radv/amdgpu: Not enough memory for command submission.`) ; llama.cpp Vulkan build (ggml-vulkan) then raises vk::DeviceLostError",
         source="mesa/mesa src/amd/vulkan/winsys/amdgpu/radv_amdgpu_cs.c radv_amdgpu_cs_submit (if r == -ENOMEM: fprintf(stderr, `radv/amdgpu: Not enough memory for command submission.\\n`))",
         log='''ggml_vulkan: Found 1 Vulkan devices:
ggml_vulkan: 0 = AMD Radeon 780M (RADV GFX1103_R1) (radv) | uma: 1 | fp16: 1 | warp size: 64
llm_load_tensors: offloaded 33/33 layers to GPU
llm_load_tensors:    Vulkan0 buffer size =  7605.33 MiB
llama_new_context_with_model:    Vulkan0 compute buffer size =   560.00 MiB
main: prompt processing, n_prompt = 6144
radv/amdgpu: Not enough memory for command submission.
terminate called after throwing an instance of 'vk::DeviceLostError'
  what():  vk::Device::waitForFences: ErrorDeviceLost
Aborted (core dumped)
'''),
]
