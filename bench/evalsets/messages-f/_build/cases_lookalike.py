"""Lookalikes on the device side: messages that mention (device) memory or OOM but record no out-of-memory failure."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="L01-tf-bfc-garbage-collection-warning", kind="lookalike",
         family="TensorFlow / XLA BFC allocator: Garbage collection: deallocate free memory regions ... to avoid OOM due to memory fragmentation (a warning; training goes on)",
         version="TensorFlow 2.2-2.19, jaxlib (`W .../bfc_allocator.cc:N] Garbage collection: deallocate free memory regions (i.e., allocations) so that we can re-allocate a larger region to avoid OOM due to memory fragmentation. ...`)",
         source="tensorflow/tensorflow tensorflow/core/common_runtime/bfc_allocator.cc (now xla/tsl/framework/bfc_allocator.cc) BFCAllocator::DeallocateFreeRegions (LOG(WARNING) << `Garbage collection: deallocate free memory regions (i.e., allocations) so that we can re-allocate a larger region to avoid OOM due to memory fragmentation. If you see this message frequently, you are running near the threshold of the available device memory ...`)",
         note="the allocator released cached regions and the allocation then succeeded; the epoch finishes",
         log='''Epoch 7/30
2025-08-21 15:38:50.767738: W external/local_xla/xla/tsl/framework/bfc_allocator.cc:382] Garbage collection: deallocate free memory regions (i.e., allocations) so that we can re-allocate a larger region to avoid OOM due to memory fragmentation. If you see this message frequently, you are running near the threshold of the available device memory and re-allocation may incur great performance overhead. You may try smaller batch sizes to observe the performance impact. Set TF_ENABLE_GPU_GARBAGE_COLLECTION=false if you'd like to disable this feature.
782/782 ━━━━━━━━━━━━━━━━━━━━ 61s 76ms/step - accuracy: 0.8912 - loss: 0.3105 - val_accuracy: 0.8620 - val_loss: 0.4011
Epoch 8/30
782/782 ━━━━━━━━━━━━━━━━━━━━ 58s 74ms/step - accuracy: 0.8977 - loss: 0.2950 - val_accuracy: 0.8655 - val_loss: 0.3952
'''),
    dict(name="L02-tf-created-device-with-memory", kind="lookalike",
         family="TensorFlow GPU device start-up: Created device /job:localhost/replica:0/task:0/device:GPU:0 with N MB memory (an info line)",
         version="TensorFlow 2.1x (`I0000 00:00:T gpu_device.cc:N] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22279 MB memory:  -> device: 0, name: ..., pci bus id: ..., compute capability: 8.9`)",
         source="tensorflow/tensorflow tensorflow/core/common_runtime/gpu/gpu_device.cc BaseGPUDeviceFactory::CreateGPUDevice (LOG(INFO) << `Created device ` << device_name << ` with ` << (bytes_limit >> 20) << ` MB memory: ` << ` -> ` << desc)",
         log='''2025-06-11 10:02:14.551203: I tensorflow/core/util/port.cc:153] oneDNN custom operations are on. You may see slightly different numerical results due to floating-point round-off errors from different computation orders. To turn them off, set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`.
I0000 00:00:1749636136.208155   88213 gpu_device.cc:2019] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22279 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 4090, pci bus id: 0000:01:00.0, compute capability: 8.9
I0000 00:00:1749636141.902117   88301 cuda_dnn.cc:529] Loaded cuDNN version 90300
Epoch 1/5
1875/1875 ━━━━━━━━━━━━━━━━━━━━ 9s 4ms/step - accuracy: 0.9081 - loss: 0.3107
Epoch 5/5
1875/1875 ━━━━━━━━━━━━━━━━━━━━ 6s 3ms/step - accuracy: 0.9912 - loss: 0.0281
'''),
    dict(name="L03-vllm-cuda-graphs-memory-advice-json", kind="lookalike",
         family="vLLM model runner: CUDA graphs can take additional 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing gpu_memory_utilization ... (advice at capture; logged as JSON records)",
         version="vLLM 0.4-0.6 V0 model runner (`CUDA graphs can take additional 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager mode. You can also reduce the `max_num_seqs` as needed to decrease memory usage.`)",
         source="vllm-project/vllm vllm/worker/model_runner.py GPUModelRunnerBase.capture_model (logger.info(`CUDA graphs can take additional 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager mode. You can also reduce the `max_num_seqs` as needed to decrease memory usage.`))",
         note="advice printed on every start-up with CUDA graphs; the server came up and served (JSON lines from a structured-logging sidecar)",
         log='''{"ts": "2025-03-23T11:50:35.102Z", "level": "INFO", "logger": "vllm.worker.model_runner", "msg": "Capturing the model for CUDA graphs. This may lead to unexpected consequences if the model is not static. To run the model in eager mode, set 'enforce_eager=True' or use '--enforce-eager' in the CLI."}
{"ts": "2025-03-23T11:50:35.103Z", "level": "INFO", "logger": "vllm.worker.model_runner", "msg": "CUDA graphs can take additional 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager mode. You can also reduce the `max_num_seqs` as needed to decrease memory usage."}
{"ts": "2025-03-23T11:50:40.771Z", "level": "INFO", "logger": "vllm.worker.model_runner", "msg": "Graph capturing finished in 5 secs."}
{"ts": "2025-03-23T11:50:41.053Z", "level": "INFO", "logger": "vllm.entrypoints.openai.api_server", "msg": "Started server process [1628]"}
{"ts": "2025-03-23T11:51:02.400Z", "level": "INFO", "logger": "uvicorn.access", "msg": "10.0.3.7:51242 - \\"POST /v1/chat/completions HTTP/1.1\\" 200"}
'''),
    dict(name="L04-mlx-lm-wired-limit-warning", kind="lookalike",
         family="mlx-lm generate: [WARNING] Generating with a model that requires N MB which is close to the maximum recommended size of M MB. This can be slow. (generation completes)",
         version="mlx-lm 0.19-0.28 (`[WARNING] Generating with a model that requires 134570 MB which is close to the maximum recommended size of 147456 MB. This can be slow. See the documentation for possible work-arounds: ...`)",
         source="ml-explore/mlx-lm mlx_lm/generate.py wired_limit (if model_bytes > 0.9 * max_rec_size: print(f`[WARNING] Generating with a model that requires {model_mb} MB which is close to the maximum recommended size of {max_rec_mb} MB. This can be slow. See the documentation for possible work-arounds: https://github.com/ml-explore/mlx-lm/tree/main#large-models`))",
         log='''$ mlx_lm.generate --model mlx-community/Qwen3-235B-A22B-4bit --prompt "Summarise the attached RFC" --max-tokens 512
Fetching 33 files: 100%|██████████| 33/33 [00:00<00:00, 41210.56it/s]
[WARNING] Generating with a model that requires 134570 MB which is close to the maximum recommended size of 147456 MB. This can be slow. See the documentation for possible work-arounds: https://github.com/ml-explore/mlx-lm/tree/main#large-models
==========
The RFC proposes a staged migration of the ingestion path ...
==========
Prompt: 1873 tokens, 91.402 tokens-per-sec
Generation: 512 tokens, 17.115 tokens-per-sec
Peak memory: 134.912 GB
'''),
    dict(name="L05-xla-triton-shared-memory-limit-exceeded", kind="lookalike",
         family="XLA GPU Triton emitter: RESOURCE_EXHAUSTED: Shared memory size limit exceeded: requested N, available: M (a kernel tiling too big for the SM's shared memory, not device memory)",
         version="jaxlib 0.4.2x-0.7 / XLA GPU Triton fusions and Pallas-Triton kernels (`jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Shared memory size limit exceeded: requested 110592, available: 101376`)",
         source="openxla/xla xla/backends/gpu/codegen/triton/fusion_emitter.cc CompileTritonToLLVM (if (shared_mem_bytes > device_info.shared_memory_per_block_optin()) return ResourceExhausted(`Shared memory size limit exceeded: requested %d, available: %d`, ...))",
         note="per-block shared memory (an architectural limit of the SM) is not device memory: a smaller tiling fixes it, batch or model size do not",
         log=f'''I0000 00:00:1790112004.118204 71822 service.cc:160]   StreamExecutor device (0): NVIDIA GeForce RTX 3090, Compute Capability 8.6
Traceback (most recent call last):
  File "/home/lab/af3/run_alphafold.py", line 911, in <module>
    app.run(main)
  File "{SP}/jax/_src/interpreters/pxla.py", line 1345, in __call__
    results = self.xla_executable.execute_sharded(input_bufs)
jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Shared memory size limit exceeded: requested 110592, available: 101376
'''),
    dict(name="L06-rocm-hsa-memory-aperture-violation", kind="lookalike",
         family="ROCm ROCclr queue callback: aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION (a bad address, e.g. an unsupported gfx override; not memory exhaustion)",
         version="ROCm 5.x-6.4 (`:0:rocdevice.cpp :N: T us: [pid:P tid:0x..] Callback: Queue 0x.. aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29`)",
         source="ROCm/clr rocclr/device/rocm/rocdevice.cpp Device::callbackQueue (`Callback: Queue %p aborting with error : %s code: 0x%x` with hsa_status_string(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION))",
         note="an access fault (quoted in a GitHub issue as Markdown), the ROCm analogue of an illegal memory access",
         log='''> **Describe the bug**
> Every SDXL run on my RX 5700 XT dies at the first conv with `HSA_OVERRIDE_GFX_VERSION=10.3.0`:
>
> ```
> Requested to load SDXL
> Loading 1 new model
>   0%|          | 0/30 [00:00<?, ?it/s]
> :0:rocdevice.cpp            :2984: 1781044022117 us: [pid:20455 tid:0x7f0b10fff640] Callback: Queue 0x7f0a2c200000 aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29
> Aborted (core dumped)
> ```
'''),
    dict(name="L07-nccl-nvls-comm-memsize-info", kind="lookalike",
         family="NCCL NVLS (NVLink SHARP) set-up info: NVLS comm 0x.. headRank N nHeads M buffSize B memSize S nvlsPerRankSize P nvlsTotalSize T (buffer sizing at init)",
         version="NCCL 2.18-2.2x (`NCCL INFO NVLS comm 0x... headRank 0 nHeads 8 buffSize 4194304 memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 1610612736`)",
         source="NVIDIA/nccl src/transport/nvls.cc ncclNvlsSetup (INFO(NCCL_INIT|NCCL_NVLS, `NVLS comm %p headRank %d nHeads %d buffSize %zi memSize %zi nvlsPerRankSize %zi nvlsTotalSize %zi`, ...))",
         log='''[rank0]:[W1104 09:12:01.218455 ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown.
dgx-h100-17:422771:422786 [0] NCCL INFO NVLS multicast support is available on dev 0 (NVLS_NCHANNELS 16)
dgx-h100-17:422771:422786 [0] NCCL INFO NVLS comm 0x55984789bae0 headRank 0 nHeads 8 buffSize 4194304 memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 1610612736
dgx-h100-17:422771:422789 [3] NCCL INFO NVLS comm 0x5598478b07c0 headRank 3 nHeads 8 buffSize 4194304 memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 1610612736
dgx-h100-17:422771:422786 [0] NCCL INFO Connected NVLS Tree
dgx-h100-17:422771:422786 [0] NCCL INFO ncclCommInitRank comm 0x55984789bae0 rank 0 nranks 8 cudaDev 0 nvmlDev 0 busId 18000 commId 0x9b1e1f4c2a7d6e01 - Init COMPLETE
[rank0]: step 1 | loss 10.8812 | grad_norm 14.22
'''),
    dict(name="L08-dcgm-exporter-framebuffer-metrics", kind="lookalike",
         family="NVIDIA dcgm-exporter Prometheus metrics: DCGM_FI_DEV_FB_USED / DCGM_FI_DEV_FB_FREE (frame buffer memory in MiB; a scrape, no failure)",
         version="dcgm-exporter 3.x-4.x default counters (`# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).` + `DCGM_FI_DEV_FB_USED{gpu=\"0\",...} 80910`)",
         source="NVIDIA/dcgm-exporter etc/default-counters.csv (DCGM_FI_DEV_FB_FREE, gauge, `Framebuffer memory free (in MiB).`; DCGM_FI_DEV_FB_USED, gauge, `Framebuffer memory used (in MiB).`)",
         note="a GPU nearly full by design (vLLM pre-reserves its share); the scrape records no error",
         log='''$ curl -s localhost:9400/metrics | grep -E "FB_|GPU_UTIL"
# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).
# TYPE DCGM_FI_DEV_GPU_UTIL gauge
DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-5b1f0c2e-8d5a-4c1e-9f7e-3e2d1a0b9c88",pci_bus_id="00000000:18:00.0",device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-node-03",container="vllm",namespace="serving",pod="qwen3-vllm-0"} 97
# HELP DCGM_FI_DEV_FB_FREE Framebuffer memory free (in MiB).
# TYPE DCGM_FI_DEV_FB_FREE gauge
DCGM_FI_DEV_FB_FREE{gpu="0",UUID="GPU-5b1f0c2e-8d5a-4c1e-9f7e-3e2d1a0b9c88",pci_bus_id="00000000:18:00.0",device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-node-03",container="vllm",namespace="serving",pod="qwen3-vllm-0"} 528
# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).
# TYPE DCGM_FI_DEV_FB_USED gauge
DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-5b1f0c2e-8d5a-4c1e-9f7e-3e2d1a0b9c88",pci_bus_id="00000000:18:00.0",device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-node-03",container="vllm",namespace="serving",pod="qwen3-vllm-0"} 80910
'''),
    dict(name="L09-jax-device-memory-stats", kind="lookalike",
         family="JAX Device.memory_stats() printed by a training script (bytes_in_use / peak_bytes_in_use / bytes_limit of the device allocator)",
         version="jax 0.4-0.7 (`{'bytes_in_use': N, 'bytes_limit': M, 'bytes_reserved': 0, 'largest_alloc_size': ..., 'num_allocs': ..., 'peak_bytes_in_use': ...}`)",
         source="jax-ml/jax jax/_src/lib (xla_client Device.memory_stats, backed by openxla/xla xla/pjrt/pjrt_stream_executor_client.cc GetAllocatorStats: tsl::AllocatorStats fields bytes_in_use, peak_bytes_in_use, largest_alloc_size, bytes_limit, bytes_reserved, num_allocs ...)",
         log='''step 2000 | loss 2.3104 | tokens/s 48211
device 0 memory: {'bytes_in_use': 61934665728, 'bytes_limit': 64424509440, 'bytes_reserved': 0, 'largest_alloc_size': 8589934592, 'largest_free_block_bytes': 0, 'num_allocs': 41822, 'peak_bytes_in_use': 63811354624, 'peak_bytes_reserved': 0, 'peak_pool_bytes': 64424509440, 'pool_bytes': 64424509440}
step 2100 | loss 2.3051 | tokens/s 48190
saved checkpoint to gs://runs/llama-1b/ckpt_2100
'''),
    dict(name="L10-tensorrt-memusagechange-info", kind="lookalike",
         family="TensorRT builder / runtime info: [MemUsageChange] ... CPU +N, GPU +M, now: CPU A, GPU B (MiB) (allocation book-keeping at engine build and load), quoted in an email reply",
         version="TensorRT 8.x-10.x (`[TRT] [I] [MemUsageChange] TensorRT-managed allocation in building engine: CPU +0, GPU +4096, now: CPU 0, GPU 4096 (MiB)`)",
         source="NVIDIA TensorRT (closed source) ILogger info lines `[MemUsageChange] Init CUDA: ...`, `[MemUsageChange] TensorRT-managed allocation in building engine: ...`; wording as users paste trtexec output",
         log='''On Tue, Oct 14, 2025 at 9:02 AM Priya R. wrote:
> The build finished fine on the L4 box, log below in case it helps:
>
> [10/14/2025-08:51:10] [I] [TRT] [MemUsageChange] Init CUDA: CPU +2, GPU +0, now: CPU 21, GPU 455 (MiB)
> [10/14/2025-08:51:14] [I] [TRT] [MemUsageChange] Init builder kernel library: CPU +1638, GPU +286, now: CPU 1794, GPU 741 (MiB)
> [10/14/2025-08:58:02] [I] [TRT] Total Activation Memory: 9411362304 bytes
> [10/14/2025-08:58:03] [I] [TRT] [MemUsageChange] TensorRT-managed allocation in building engine: CPU +0, GPU +4864, now: CPU 0, GPU 4864 (MiB)
> [10/14/2025-08:58:04] [I] Engine built in 414.5 sec.
> &&&& PASSED TensorRT.trtexec [TensorRT v100300] # trtexec --onnx=vit_l.onnx --fp16 --saveEngine=vit_l.plan
'''),
    dict(name="L11-pytest-test-oom-passed-ci", kind="lookalike",
         family="pytest in GitHub Actions: tests about CUDA OOM handling (test_cuda_oom_is_reported, test_retry_on_out_of_memory) PASSED",
         version="pytest 7-8 verbose output under GitHub Actions (`tests/test_memory.py::test_cuda_oom_is_reported PASSED [ 40%]`, `##[group]` markers)",
         source="pytest-dev/pytest src/_pytest/terminal.py (verbose per-test `PASSED` lines with the progress percentage) + GitHub Actions workflow command `::group::` rendered as `##[group]`",
         log='''##[group]Run python -m pytest tests/test_memory.py -v
python -m pytest tests/test_memory.py -v
##[endgroup]
============================= test session starts ==============================
platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0 -- /opt/hostedtoolcache/Python/3.11.9/x64/bin/python
collecting ... collected 5 items

tests/test_memory.py::test_allocator_stats PASSED                        [ 20%]
tests/test_memory.py::test_cuda_oom_is_reported PASSED                   [ 40%]
tests/test_memory.py::test_retry_on_out_of_memory_halves_batch PASSED    [ 60%]
tests/test_memory.py::test_oom_message_mentions_alloc_conf PASSED        [ 80%]
tests/test_memory.py::test_empty_cache_after_oom PASSED                  [100%]

============================== 5 passed in 3.41s ===============================
'''),
    dict(name="L12-inductor-cache-no-space-left-on-device", kind="lookalike",
         family="TorchInductor / Triton code cache write: OSError: [Errno 28] No space left on device under /tmp/torchinductor_<user> (a full disk, not /dev/shm and not memory)",
         version="torch 2.1-2.9 torch.compile (`torch._inductor.exc.InductorError: OSError: [Errno 28] No space left on device: '/tmp/torchinductor_root/...'`)",
         source="pytorch/pytorch torch/_inductor/codecache.py write_atomic (tmp_path.write_bytes / os.replace into cache_dir() = /tmp/torchinductor_<user>; the OSError is wrapped by torch/_inductor/exc.py InductorError)",
         note="the disk under /tmp is full; nothing ran out of memory",
         log=f'''[rank0]: Traceback (most recent call last):
[rank0]:   File "/workspace/torchtitan/torchtitan/train.py", line 512, in train_step
[rank0]:     pred = model(inputs)
[rank0]:   File "{SP}/torch/_inductor/codecache.py", line 474, in write_atomic
[rank0]:     tmp_path.write_bytes(content)
[rank0]: torch._inductor.exc.InductorError: OSError: [Errno 28] No space left on device: '/tmp/torchinductor_root/triton/0/Z3QKX5MBJ7RCVXWW3TRGTSTY4K7O3UEAXXC5VBC4H3WHYVQUWXYA/triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0.cubin.tmp.pid_8812_2ab1'
[rank0]: 
[rank0]: Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"
$ df -h /tmp
Filesystem      Size  Used Avail Use% Mounted on
/dev/nvme0n1p1  194G  194G     0 100% /
'''),
    dict(name="L13-ci-release-notes-oom-fixes", kind="lookalike",
         family="release notes / git log printed in a CI job: changelog entries that fix CUDA OOMs (text about OOM, no failure)",
         version="git 2.x `git log --oneline` in a release job + a project's CHANGELOG (`fix(fsdp2): avoid CUDA OOM when ...`)",
         source="git/git builtin/log.c (`--oneline` = abbreviated hash + subject); the subjects are commit messages about OOM fixes, as release tooling prints them",
         log='''Run git log --oneline v0.9.0..HEAD
4f1c2ab fix(fsdp2): avoid CUDA out of memory when resharding after forward with reshard_after_forward=False
9d0e7a1 perf(rollout): lower peak memory in vLLM weight sync, fixes OOM on 8x80GB (#2311)
c22b0f3 docs: explain torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ... in FAQ
1e7b9d4 test: add regression test for NPU out of memory during checkpoint load
Release notes written to RELEASE_NOTES.md
Release v0.9.1 published
'''),
    dict(name="L14-ultralytics-autobatch-cuda-memory", kind="lookalike",
         family="Ultralytics AutoBatch: computes the batch size for a fraction of CUDA memory, prints total / reserved / allocated / free GiB and the chosen batch (then trains)",
         version="ultralytics 8.x (`AutoBatch: Computing optimal batch size for imgsz=640 at 60.0% CUDA memory utilization.` + `AutoBatch: CUDA:0 (NVIDIA A100-SXM4-80GB) 79.15G total, 0.55G reserved, 0.48G allocated, 78.12G free` + `AutoBatch: Using batch-size 195 for CUDA:0 47.52G/79.15G (60%) ✅`)",
         source="ultralytics/ultralytics ultralytics/utils/autobatch.py autobatch (LOGGER.info(f`{prefix}Computing optimal batch size for imgsz={imgsz} at {fraction * 100}% CUDA memory utilization.`); `{prefix}{d} ({properties.name}) {t:.2f}G total, {r:.2f}G reserved, {a:.2f}G allocated, {f:.2f}G free`; `{prefix}Using batch-size {b} for {d} {t * fraction:.2f}G/{t:.2f}G ({fraction * 100:.0f}%) ✅`)",
         log='''AutoBatch: Computing optimal batch size for imgsz=640 at 60.0% CUDA memory utilization.
AutoBatch: CUDA:0 (NVIDIA A100-SXM4-80GB) 79.15G total, 0.55G reserved, 0.48G allocated, 78.12G free
      Params      GFLOPs  GPU_mem (GB)  forward (ms) backward (ms)                   input                  output
    25904896       79.29         1.362         18.11         31.37        (1, 3, 640, 640)                    list
    25904896       158.6         2.147         17.05         29.43        (2, 3, 640, 640)                    list
    25904896       634.3         6.824         28.59         59.11        (8, 3, 640, 640)                    list
    25904896        2537        25.611         94.07         169.4       (32, 3, 640, 640)                    list
AutoBatch: Using batch-size 110 for CUDA:0 47.52G/79.15G (60%) ✅
      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size
      1/100      45.8G      1.214      1.582      1.207        512        640: 100%|██████████| 1090/1090 [04:12<00:00,  4.32it/s]
'''),
    dict(name="L15-miopen-isenoughworkspace-warning", kind="lookalike",
         family="MIOpen (ROCm) solver warning: [IsEnoughWorkspace] Solver <X>, workspace required: N, provided ptr: 0 size: 0 (the solver is skipped; another runs)",
         version="MIOpen 2.2x-3.x / ROCm 5.7-6.4 (`MIOpen(HIP): Warning [IsEnoughWorkspace] [GetSolutionsFallback WTI] Solver <GemmFwd1x1_0_1>, workspace required: 8388608, provided ptr: 0 size: 0`)",
         source="ROCm/MIOpen src/solver.cpp / include/miopen/conv/... IsEnoughWorkspace (MIOPEN_LOG_W(`[` << where << `] Solver <` << solver_id << `>, workspace required: ` << required << `, provided ptr: ` << ptr << ` size: ` << size))",
         note="MIOpen skips solvers that need more workspace than provided and uses another; training goes on",
         log='''Epoch 1:   3%|▎         | 30/1000 [00:41<22:15,  1.38s/it, loss=2.31]
MIOpen(HIP): Warning [IsEnoughWorkspace] [GetSolutionsFallback WTI] Solver <GemmFwd1x1_0_1>, workspace required: 8388608, provided ptr: 0 size: 0
MIOpen(HIP): Warning [IsEnoughWorkspace] [GetSolutionsFallback WTI] Solver <GemmFwdRest>, workspace required: 100663296, provided ptr: 0 size: 0
MIOpen(HIP): Warning [IsEnoughWorkspace] [EvaluateInvokers] Solver <GemmBwdRest>, workspace required: 100663296, provided ptr: 0x7f2c1a000000 size: 33554432
Epoch 1:   4%|▍         | 40/1000 [00:53<21:08,  1.32s/it, loss=2.18]
Epoch 1: 100%|██████████| 1000/1000 [21:40<00:00,  1.30s/it, loss=0.91]
'''),
    dict(name="L16-k8s-node-gpu-memory-labels", kind="lookalike",
         family="NVIDIA GPU Feature Discovery node labels in kubectl describe node: nvidia.com/gpu.memory=81559 and allocatable nvidia.com/gpu (an inventory)",
         version="NVIDIA gpu-feature-discovery 0.8-0.17 / GPU Operator (`nvidia.com/gpu.memory=81559`, `nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3`)",
         source="NVIDIA/k8s-device-plugin internal/lm/resource.go (gpu-feature-discovery labeler: `nvidia.com/gpu.memory` = device memory in MiB, `nvidia.com/gpu.product`, `nvidia.com/gpu.count`)",
         log='''$ kubectl describe node gpu-node-03 | sed -n '1,40p'
Name:               gpu-node-03
Roles:              <none>
Labels:             kubernetes.io/hostname=gpu-node-03
                    nvidia.com/cuda.driver.major=570
                    nvidia.com/gpu.count=8
                    nvidia.com/gpu.memory=81559
                    nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3
                    nvidia.com/mig.strategy=single
Conditions:
  Type             Status  LastHeartbeatTime                 Reason                       Message
  ----             ------  -----------------                 ------                       -------
  MemoryPressure   False   Tue, 04 Nov 2025 10:21:07 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Tue, 04 Nov 2025 10:21:07 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
Allocatable:
  cpu:                 190
  memory:              2113470780Ki
  nvidia.com/gpu:      8
'''),
]
