"""Device-memory OOM renderings of the training stacks (new wrappers, launchers' prefixes, paste shapes and version
wordings) in none of messages/ .. messages-j/."""

SP = "/usr/local/lib/python3.11/site-packages"
CP = "/opt/conda/lib/python3.10/site-packages"


# torch 2.4+ allocator message (c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc)
def torch_oom(req, gpu, total, free, inuse, alloc, unalloc):
    return (f"CUDA out of memory. Tried to allocate {req}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
            f"Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated memory {alloc} is allocated "
            f"by PyTorch, and {unalloc} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
            "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
            "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")


# torch 1.10-1.13 wording (same file, before the 2.1 rewrite)
def torch_oom_1x(req, gpu, total, already, free, reserved):
    return (f"CUDA out of memory. Tried to allocate {req} (GPU {gpu}; {total} total capacity; {already} already allocated; "
            f"{free} free; {reserved} reserved in total by PyTorch) If reserved memory is >> allocated memory try setting "
            "max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF")


OOM_A = torch_oom("2.00 GiB", 0, "14.75 GiB", "1.06 GiB", "13.69 GiB", "12.84 GiB", "731.46 MiB")
OOM_B = torch_oom("1.96 GiB", 1, "79.15 GiB", "1.41 GiB", "77.73 GiB", "74.02 GiB", "2.98 GiB")
OOM_C = torch_oom("512.00 MiB", 3, "39.39 GiB", "309.06 MiB", "39.08 GiB", "37.21 GiB", "1.33 GiB")
OOM_D = torch_oom("3.50 GiB", 6, "79.11 GiB", "2.87 GiB", "76.23 GiB", "72.40 GiB", "3.05 GiB")
OOM_E = torch_oom("1.25 GiB", 0, "23.55 GiB", "989.44 MiB", "22.57 GiB", "21.14 GiB", "1.02 GiB")
OOM_F = torch_oom("4.00 GiB", 2, "79.19 GiB", "3.62 GiB", "75.56 GiB", "70.81 GiB", "4.12 GiB")
OOM_G = torch_oom("896.00 MiB", 0, "7.75 GiB", "240.50 MiB", "7.52 GiB", "6.98 GiB", "412.33 MiB")
OOM_H = torch_oom("2.50 GiB", 5, "79.15 GiB", "2.13 GiB", "77.01 GiB", "73.66 GiB", "2.71 GiB")
OOM_J = torch_oom("1.17 GiB", 0, "44.34 GiB", "713.81 MiB", "43.64 GiB", "41.90 GiB", "1.28 GiB")
OOM_K = torch_oom("6.00 GiB", 7, "79.19 GiB", "4.41 GiB", "74.77 GiB", "68.93 GiB", "5.21 GiB")
OOM_L = torch_oom("3.00 GiB", 1, "39.39 GiB", "2.19 GiB", "37.19 GiB", "34.96 GiB", "1.75 GiB")
OOM_M = torch_oom("2.00 GiB", 4, "79.11 GiB", "1.68 GiB", "77.42 GiB", "75.01 GiB", "1.90 GiB")
OOM_N = torch_oom("1.50 GiB", 0, "23.64 GiB", "1.13 GiB", "22.50 GiB", "21.33 GiB", "688.19 MiB")
OOM_P = torch_oom("5.25 GiB", 2, "79.15 GiB", "3.99 GiB", "75.15 GiB", "71.37 GiB", "3.27 GiB")


def facts(req_gib, total_gib):
    return {"tried_to_allocate_gib": req_gib, "total_capacity_gib": total_gib}


def prefixed(prefix, text):
    return "\n".join(prefix + line for line in text.strip("\n").split("\n"))


TB_HF = f'''Traceback (most recent call last):
  File "/home/dev/ft/train.py", line 142, in <module>
    trainer.train()
  File "{SP}/transformers/trainer.py", line 2241, in train
    return inner_training_loop(
  File "{SP}/transformers/trainer.py", line 2548, in _inner_training_loop
    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)
  File "{SP}/transformers/trainer.py", line 3740, in training_step
    self.accelerator.backward(loss, **kwargs)
  File "{SP}/accelerate/accelerator.py", line 2329, in backward
    loss.backward(**kwargs)
  File "{SP}/torch/_tensor.py", line 626, in backward
    torch.autograd.backward(
  File "{SP}/torch/autograd/graph.py", line 823, in _engine_run_backward
    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass'''


CASES = [
    dict(name="01-ipython-ultratb-cell-in-torch-oom", kind="cuda",
         family="IPython / Jupyter / Colab verbose traceback (ultratb): `OutOfMemoryError                         Traceback (most recent call last)` header, `Cell In[N], line M` frames with `---->` arrows and numbered context, the class shown without its module on the last line",
         version="IPython 8.x (ultratb.VerboseTB; `Cell In[N], line M` since 8.0) ; torch 2.4+ allocator message",
         source="ipython/ipython IPython/core/ultratb.py VerboseTB.format_record / structured_traceback (exception name left-justified against 'Traceback (most recent call last)'; `Cell In[...]` file names from IPython/core/compilerop.py) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(2.0, 14.75),
         log=f'''Map: 100%|██████████| 9846/9846 [00:03<00:00, 2871.12 examples/s]
  0%|          | 0/1232 [00:00<?, ?it/s]
---------------------------------------------------------------------------
OutOfMemoryError                          Traceback (most recent call last)
Cell In[14], line 3
      1 model.gradient_checkpointing_enable()
      2 model.config.use_cache = False
----> 3 trainer.train()

File /usr/local/lib/python3.11/dist-packages/transformers/trainer.py:2241, in Trainer.train(self, resume_from_checkpoint, trial, ignore_keys_for_eval, **kwargs)
   2239         hf_hub_utils.enable_progress_bars()
   2240 else:
-> 2241     return inner_training_loop(
   2242         args=args,
   2243         resume_from_checkpoint=resume_from_checkpoint,
   2244         trial=trial,
   2245         ignore_keys_for_eval=ignore_keys_for_eval,
   2246     )

File /usr/local/lib/python3.11/dist-packages/transformers/trainer.py:2548, in Trainer._inner_training_loop(self, batch_size, args, resume_from_checkpoint, trial, ignore_keys_for_eval)
   2541 context = (
   2542     functools.partial(self.accelerator.no_sync, model=model)
   2543     if i != len(batch_samples) - 1
   2544     and self.accelerator.distributed_type != DistributedType.DEEPSPEED
   2545     else contextlib.nullcontext
   2546 )
   2547 with context():
-> 2548     tr_loss_step = self.training_step(model, inputs, num_items_in_batch)

File /usr/local/lib/python3.11/dist-packages/torch/nn/functional.py:3104, in cross_entropy(input, target, weight, size_average, ignore_index, reduce, reduction, label_smoothing)
   3102 if size_average is not None or reduce is not None:
   3103     reduction = _Reduction.legacy_get_string(size_average, reduce)
-> 3104 return torch._C._nn.cross_entropy_loss(
   3105     input,
   3106     target,
   3107     weight,
   3108     _Reduction.get_enum(reduction),
   3109     ignore_index,
   3110     label_smoothing,
   3111 )

OutOfMemoryError: {OOM_A}
'''),

    dict(name="02-keras3-tf-jit-compile-out-of-memory-one-step-on-iterator", kind="cuda",
         family="Keras 3 on TensorFlow with XLA jit_compile (the default for fit on GPU): `ResourceExhaustedError: Out of memory while trying to allocate N bytes.` + `[[{{node StatefulPartitionedCall}}]]` + the report_tensor_allocations hint + `[Op:__inference_one_step_on_iterator_N]`; TF 2.16's absl `W0000 00:00:...` log prefix on the BFC lines before it",
         version="TensorFlow 2.16-2.18 + Keras 3.x (keras/src/backend/tensorflow/trainer.py one_step_on_iterator / one_step_on_data jit_compile) ; XLA's MemoryAllocationError text in bytes",
         source="keras-team/keras keras/src/backend/tensorflow/trainer.py make_train_function (one_step_on_iterator, tf.function(one_step_on_data, jit_compile=...)) + tensorflow/tensorflow xla tf_allocator_adapter (`Out of memory while trying to allocate ` N ` bytes.`); the rendering as seen in a user's notebook paste (stored corpus)",
         log='''Epoch 1/20
WARNING: All log messages before absl::InitializeLog() is called are written to STDERR
I0000 00:00:1732496101.451722   30188 service.cc:146] XLA service 0x7f3a5c00a2d0 initialized for platform CUDA (this does not guarantee that XLA will be used). Devices:
I0000 00:00:1732496101.451780   30188 service.cc:154]   StreamExecutor device (0): NVIDIA GeForce RTX 4090, Compute Capability 8.9
W0000 00:00:1732496113.902114   30188 bfc_allocator.cc:482] Allocator (GPU_0_bfc) ran out of memory trying to allocate 36.32GiB (rounded to 38993012992)requested by op 
W0000 00:00:1732496113.902415   30188 bfc_allocator.cc:494] **********************______________________________________________________________________________
Traceback (most recent call last):
  File "/home/kim/poems/train_char.py", line 71, in <module>
    model.fit(X, y, epochs=20, batch_size=256)
  File "/home/kim/.venv/lib/python3.11/site-packages/keras/src/utils/traceback_utils.py", line 122, in error_handler
    raise e.with_traceback(filtered_tb) from None
  File "/home/kim/.venv/lib/python3.11/site-packages/tensorflow/python/eager/execute.py", line 53, in quick_execute
    tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,
tensorflow.python.framework.errors_impl.ResourceExhaustedError: Out of memory while trying to allocate 38993012992 bytes.
\t [[{{node StatefulPartitionedCall}}]]
Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't available when running in Eager mode.
 [Op:__inference_one_step_on_iterator_4625]
'''.replace("\\t", "\t")),

    dict(name="03-flax-jax-oom-humanreadable-executable-name-payload", kind="cuda",
         family="JAX / Flax (optax) train step on GPU, newer XLA wording: `jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4.50GiB. [executable_name='jit_train_step'] [tf-allocator-allocation-error='']` (human-readable size, absl::Status payloads printed as `[key='value']`), after the pjrt client's `Execution of replica 0 failed` line",
         version="jax/jaxlib 0.4.35-0.6 (XLA stream_executor MemoryAllocationError: HumanReadableNumBytes + payload kMemoryAllocationErrorPayloadKey) ; flax 0.10 nnx ; optax 0.2",
         source="openxla/xla xla/stream_executor/integrations/tf_allocator_adapter.cc MemoryAllocationError (absl::ResourceExhaustedError(StrCat('Out of ', is_host ? 'host ' : '', 'memory while trying to allocate ', HumanReadableNumBytes(size), '.')); status.SetPayload('tf-allocator-allocation-error', ...)) + xla/pjrt/pjrt_stream_executor_client.cc ('Execution of replica ... failed: ')",
         log='''I1125 02:10:44.018233  812233 train.py:188] step 0 | loss 10.8442 | tokens/s 0
I1125 02:10:51.411027  812233 train.py:188] step 10 | loss 9.1174 | tokens/s 41233
2024-11-25 02:10:58.770418: W external/xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_0_bfc) ran out of memory trying to allocate 4.50GiB (rounded to 4831838208)requested by op 
2024-11-25 02:10:58.770934: W external/xla/xla/tsl/framework/bfc_allocator.cc:512] *************************************************************************************************___
E1125 02:10:58.771402  812233 pjrt_stream_executor_client.cc:3084] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4.50GiB. [tf-allocator-allocation-error='']
Traceback (most recent call last):
  File "/workspace/lm/train.py", line 231, in <module>
    main()
  File "/workspace/lm/train.py", line 204, in main
    state, metrics = train_step(state, batch)
jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4.50GiB. [executable_name='jit_train_step'] [tf-allocator-allocation-error='']
--------------------
For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.
'''),

    dict(name="04-tf-cuda-malloc-async-allocator-gpu-async-0-oom", kind="cuda",
         family="TensorFlow with TF_GPU_ALLOCATOR=cuda_malloc_async: `gpu_async_0 cuMemAllocAsync failed to allocate N bytes: CUDA error: out of memory (CUDA_ERROR_OUT_OF_MEMORY)` + ` Reported by CUDA: Free memory/Total memory: F/T` + `Stats:` block, then `OOM when allocating tensor ... by allocator gpu_async_0`",
         version="TensorFlow 2.5-2.18 (core/common_runtime/gpu/gpu_cudamallocasync_allocator.cc; the ' Reported by CUDA:' wording since 2.7)",
         source="tensorflow/tensorflow tensorflow/core/common_runtime/gpu/gpu_cudamallocasync_allocator.cc GpuCudaMallocAsyncAllocator::AllocateRaw (LOG(ERROR) << Name() << ' cuMemAllocAsync failed to allocate ' << num_bytes << ' bytes: ' << GetCudaErrorMessage(result) << '\\n Reported by CUDA: Free memory/Total memory: ' << free << '/' << total; LOG(ERROR) << 'Stats: ' << stats->DebugString())",
         log='''2024-11-25 01:42:19.211402: I tensorflow/core/common_runtime/gpu/gpu_process_state.cc:236] Using CUDA malloc Async allocator for GPU: 0
2024-11-25 01:42:19.213377: I tensorflow/core/common_runtime/gpu/gpu_device.cc:2021] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22170 MB memory:  -> device: 0, name: NVIDIA A10G, pci bus id: 0000:00:1e.0, compute capability: 8.6
Epoch 1/10
2024-11-25 01:43:02.870114: E tensorflow/core/common_runtime/gpu/gpu_cudamallocasync_allocator.cc:288] gpu_async_0 cuMemAllocAsync failed to allocate 3221225472 bytes: CUDA error: out of memory (CUDA_ERROR_OUT_OF_MEMORY)
 Reported by CUDA: Free memory/Total memory: 1702887424/23609475072
2024-11-25 01:43:02.870190: E tensorflow/core/common_runtime/gpu/gpu_cudamallocasync_allocator.cc:293] Stats: Limit:                     22171615232
InUse:                     20480114944
MaxInUse:                  20612233984
NumAllocs:                       18843
MaxAllocSize:               3221225472
Reserved:                            0
PeakReserved:                        0
LargestFreeBlock:                    0

2024-11-25 01:43:02.870351: W tensorflow/core/framework/op_kernel.cc:1840] OP_REQUIRES failed at conv_ops_impl.h:1199 : RESOURCE_EXHAUSTED: OOM when allocating tensor with shape[64,256,192,256] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator gpu_async_0
Traceback (most recent call last):
  File "/srv/seg/train.py", line 96, in <module>
    model.fit(train_ds, validation_data=val_ds, epochs=10)
  File "/srv/seg/.venv/lib/python3.10/site-packages/keras/src/utils/traceback_utils.py", line 122, in error_handler
    raise e.with_traceback(filtered_tb) from None
tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph execution error:

OOM when allocating tensor with shape[64,256,192,256] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator gpu_async_0
\t [[{{node functional_1/conv2d_7/convolution}}]]
Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't available when running in Eager mode.
 [Op:__inference_one_step_on_iterator_6120]
'''.replace("\\t", "\t")),

    dict(name="05-skypilot-multinode-worker-prefixed-torch-oom", kind="cuda",
         family="SkyPilot multi-node job log: every line behind `(head, rank=0, pid=N)` / `(worker1, rank=1, pid=N, ip=A.B.C.D)`, torchrun's `[rankN]:` inside it, the OOM on a worker node",
         version="skypilot 0.6-0.9 (sky/skylet log prefixes for run on head / workers) ; torch 2.4+ torchrun ; the message's 2.4+ wording",
         source="skypilot-org/skypilot sky/backends/task_codegen / sky/skylet (log prefix: `(head, rank=0, pid={pid})`, `(worker1, rank=1, pid={pid}, ip=1.2.3.4)`) + pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py ([rankN]: prefixes)",
         facts=facts(1.96, 79.15),
         log=prefixed("(head, rank=0, pid=14394) ", '''W1125 03:01:12.004000 14411 torch/distributed/run.py:793] *****************************************
W1125 03:01:12.004000 14411 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.
[titan] step:  1  loss: 12.1934  memory: 61.02GiB(77.09%)  tps: 1,433''') + "\n" + prefixed("(worker1, rank=1, pid=13566, ip=10.146.0.26) ", f'''[rank9]: Traceback (most recent call last):
[rank9]:   File "/home/sky/sky_workdir/train.py", line 389, in <module>
[rank9]:     main(cfg)
[rank9]:   File "/home/sky/sky_workdir/train.py", line 311, in main
[rank9]:     loss.backward()
[rank9]:   File "{CP}/torch/_tensor.py", line 626, in backward
[rank9]:     torch.autograd.backward(
[rank9]:   File "{CP}/torch/autograd/graph.py", line 823, in _engine_run_backward
[rank9]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
[rank9]: torch.OutOfMemoryError: {OOM_B}
E1125 03:01:49.660000 13583 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 1 (pid: 13601) of binary: /opt/conda/bin/python''') + "\n(head, rank=0, pid=14394) E1125 03:01:50.102000 14411 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -15) local_rank: 0 (pid: 14430) of binary: /opt/conda/bin/python\nERROR: Job 3 failed with return code list: [1, 1]\n"),

    dict(name="06-horovod-mpirun-tag-output-torch-1.13-oom", kind="cuda",
         family="Horovod / Open MPI `mpirun --tag-output` (horovodrun's default): every line behind `[1,R]<stderr>:` / `[1,R]<stdout>:`, a torch 1.13 CUDA OOM (`(GPU 3; ... total capacity; ... already allocated; ... free; ... reserved in total by PyTorch)`)",
         version="Open MPI 4.x (--tag-output: `[jobid,rank]<stream>:`) ; horovod 0.25-0.28 (horovodrun via mpirun) ; torch 1.10-1.13 message",
         source="open-mpi/ompi orte/mca/iof (tag output `[%s,%d]<%s>:`) + horovod/horovod horovod/runner/mpi_run.py (mpirun ... -tag-output) + pytorch/pytorch v1.13 c10/cuda/CUDACachingAllocator.cpp (`CUDA out of memory. Tried to allocate ... (GPU ...; ... total capacity; ... already allocated; ... free; ... reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb ...`)",
         facts=facts(0.6, 31.75),
         log='''[1,0]<stdout>:Epoch 3 [  2048/ 48000] loss 1.2301
[1,2]<stdout>:Epoch 3 [  2048/ 48000] loss 1.2257
[1,3]<stderr>:Traceback (most recent call last):
[1,3]<stderr>:  File "pytorch_imagenet_resnet50.py", line 318, in <module>
[1,3]<stderr>:    train(epoch)
[1,3]<stderr>:  File "pytorch_imagenet_resnet50.py", line 142, in train
[1,3]<stderr>:    output = model(data_batch)
[1,3]<stderr>:  File "/usr/local/lib/python3.8/dist-packages/torch/nn/modules/module.py", line 1194, in _call_impl
[1,3]<stderr>:    return forward_call(*input, **kwargs)
[1,3]<stderr>:  File "/usr/local/lib/python3.8/dist-packages/torchvision/models/resnet.py", line 146, in forward
[1,3]<stderr>:    out = self.bn3(out)
[1,3]<stderr>:torch.cuda.OutOfMemoryError: ''' + torch_oom_1x("614.00 MiB", 3, "31.75 GiB", "29.10 GiB", "201.94 MiB", "30.12 GiB") + '''
--------------------------------------------------------------------------
Primary job  terminated normally, but 1 process returned
a non-zero exit code. Per user-direction, the job has been aborted.
--------------------------------------------------------------------------
--------------------------------------------------------------------------
mpirun detected that one or more processes exited with non-zero status, thus causing
the job to be terminated. The first process to do so was:

  Process name: [[41537,1],3]
  Exit code:    1
--------------------------------------------------------------------------
'''),

    dict(name="07-srun-label-task-prefixed-torch-oom", kind="cuda",
         family="Slurm `srun --label` output: every line behind the task number (`3: `), the torch OOM of task 3 among the others' progress, then `srun: error: <node>: task 3: Exited with exit code 1`",
         version="Slurm 20-24 (srun -l/--label: 'Prepend task number to lines of stdout/err') ; torch 2.4+ message",
         source="SchedMD/slurm src/srun (--label: `%*d: ` task prefix) + src/srun/libsrun/... (`srun: error: %s: task %s: Exited with exit code %d`) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(0.5, 39.39),
         log=f'''0: [2024-11-25 02:14:09] iter 1400 | loss 2.0133 | lr 2.9e-04 | 212 TFLOPs
1: [2024-11-25 02:14:09] iter 1400 | loss 2.0133 | lr 2.9e-04 | 212 TFLOPs
3: Traceback (most recent call last):
3:   File "/scratch/u/lm/pretrain.py", line 267, in <module>
3:     logits = model(input_ids)
3:   File "{SP}/torch/nn/modules/module.py", line 1747, in _call_impl
3:     return forward_call(*args, **kwargs)
3:   File "/scratch/u/lm/model.py", line 98, in forward
3:     att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
3: torch.OutOfMemoryError: {OOM_C}
2: [2024-11-25 02:14:12] iter 1401 | loss 2.0121 | lr 2.9e-04 | 211 TFLOPs
srun: error: gpu-a-017: task 3: Exited with exit code 1
srun: launch/slurm: _step_signal: Terminating StepId=8812345.0
slurmstepd: error: *** STEP 8812345.0 ON gpu-a-017 CANCELLED AT 2024-11-25T02:14:13 ***
'''),

    dict(name="08-kubectl-logs-prefix-pytorchjob-worker-oom", kind="cuda",
         family="`kubectl logs -l training.kubeflow.org/job-name=... --prefix`: every line behind `[pod/<pod>/<container>] `, a Kubeflow PyTorchJob worker's torch OOM",
         version="kubectl 1.17+ (--prefix: `[pod/NAME/CONTAINER] `) ; Kubeflow training-operator PyTorchJob (container `pytorch`) ; torch 2.4+",
         source="kubernetes/kubectl pkg/cmd/logs/logs.go (addPrefixIfNeeded: `[%s/%s/%s] ` pod/name/container) + kubeflow/training-operator (PyTorchJob default container name 'pytorch') + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(3.5, 79.11),
         log=prefixed("[pod/llama-ft-worker-0/pytorch] ", '''{'loss': 1.5123, 'grad_norm': 0.933, 'learning_rate': 1.4e-05, 'epoch': 0.31}''') + "\n" + prefixed("[pod/llama-ft-worker-1/pytorch] ", f'''[rank14]: Traceback (most recent call last):
[rank14]:   File "/app/sft.py", line 188, in <module>
[rank14]:     trainer.train()
[rank14]:   File "{SP}/transformers/trainer.py", line 3740, in training_step
[rank14]:     self.accelerator.backward(loss, **kwargs)
[rank14]:   File "{SP}/torch/autograd/graph.py", line 823, in _engine_run_backward
[rank14]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
[rank14]: torch.OutOfMemoryError: {OOM_D}
E1125 04:11:58.201000 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 6 (pid: 77) of binary: /usr/bin/python''') + "\n"),

    dict(name="09-docker-compose-service-prefixed-oom", kind="cuda",
         family="`docker compose up` output: every line behind the service's `trainer-1  | ` column, the OOM in it, then compose's `trainer-1 exited with code 1`",
         version="Docker Compose v2 (service-index prefix `name-N  | `, `exited with code N`) ; torch 2.4+",
         source="docker/compose pkg/compose/printer.go / cmd/formatter/logs.go (prefix `%s | ` padded to the widest container name; `%s exited with code %d`) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(1.25, 23.55),
         log=prefixed("trainer-1  | ", f'''Loading checkpoint shards: 100%|██████████| 4/4 [00:07<00:00,  1.81s/it]
trainable params: 41,943,040 || all params: 8,072,204,288 || trainable%: 0.5196
  3%|▎         | 31/1000 [01:12<37:44,  2.34s/it]
Traceback (most recent call last):
  File "/workspace/finetune.py", line 121, in <module>
    trainer.train()
  File "{SP}/transformers/trainer.py", line 3740, in training_step
    self.accelerator.backward(loss, **kwargs)
torch.OutOfMemoryError: {OOM_E}''') + "\ntensorboard-1  | TensorBoard 2.18.0 at http://0.0.0.0:6006/ (Press CTRL+C to quit)\ntrainer-1 exited with code 1\n"),

    dict(name="10-powershell-nativecommanderror-windows-oom", kind="cuda",
         family="Windows PowerShell 5.1 running python with stderr redirected (`2>&1`): the first stderr line wrapped as an ErrorRecord (`python : Traceback (most recent call last):`, `At line:1 char:1`, `+ CategoryInfo : NotSpecified: (...:String) [], RemoteException`, `+ FullyQualifiedErrorId : NativeCommandError`), the rest of the traceback as plain lines, a torch OOM on an 8 GB laptop GPU",
         version="Windows PowerShell 5.1 (NativeCommandError ErrorRecord for native stderr) ; torch 2.4+ on Windows",
         source="PowerShell/PowerShell (Windows PowerShell 5.1 behaviour; src/System.Management.Automation/engine/NativeCommandProcessor.cs wraps native stderr lines in ErrorRecord 'NativeCommandError', rendered by the default error view) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(0.875, 7.75),
         log=f'''PS C:\\Users\\lina\\sd-lora> python train_lora.py --config cfg\\sdxl.toml 2>&1 | Tee-Object run.log
python : Traceback (most recent call last):
At line:1 char:1
+ python train_lora.py --config cfg\\sdxl.toml 2>&1 | Tee-Object run.log
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : NotSpecified: (Traceback (most recent call last)::String) [], RemoteException
    + FullyQualifiedErrorId : NativeCommandError
 
  File "C:\\Users\\lina\\sd-lora\\train_lora.py", line 402, in <module>
    train(args)
  File "C:\\Users\\lina\\sd-lora\\train_lora.py", line 311, in train
    noise_pred = unet(noisy_latents, timesteps, encoder_hidden_states, added_cond_kwargs=cond).sample
  File "C:\\Users\\lina\\miniconda3\\envs\\sd\\Lib\\site-packages\\diffusers\\models\\attention_processor.py", line 2734, in __call__
    hidden_states = F.scaled_dot_product_attention(
torch.OutOfMemoryError: {OOM_G}
PS C:\\Users\\lina\\sd-lora>
'''),

    dict(name="11-github-actions-timestamped-error-annotation-oom", kind="cuda",
         family="GitHub Actions raw job log (self-hosted GPU runner): every line behind an ISO-8601 timestamp with 7 fractional digits, `##[group]` / `##[error]` workflow commands, the OOM traceback in a test step, `##[error]Process completed with exit code 1.`",
         version="GitHub Actions runner 2.3xx (raw log download: `YYYY-MM-DDTHH:MM:SS.fffffffZ ` prefix; `##[error]` annotations) ; torch 2.4+",
         source="actions/runner src/Runner.Worker (raw log lines timestamped; `##[group]`, `##[endgroup]`, `##[error]Process completed with exit code %d.`) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(4.0, 79.19),
         log=prefixed("2024-11-25T02:31:5", f'''0.1047711Z ##[group]Run python -m pytest tests/gpu/test_long_context.py -x -q
0.1048102Z python -m pytest tests/gpu/test_long_context.py -x -q
0.1051553Z ##[endgroup]
8.9001420Z F
8.9013346Z =================================== FAILURES ===================================
8.9013760Z _________________________ test_forward_backward_128k __________________________
8.9020231Z tests/gpu/test_long_context.py:44: in test_forward_backward_128k
8.9020677Z     out = model(ids).logits.float()
8.9021844Z {SP}/torch/nn/modules/module.py:1747: in _call_impl
8.9022215Z     return forward_call(*args, **kwargs)
8.9025510Z E   torch.OutOfMemoryError: {OOM_F}
8.9044120Z =========================== short test summary info ============================
8.9044563Z FAILED tests/gpu/test_long_context.py::test_forward_backward_128k - torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU 2 has a total capacity of 79.19 GiB of which 3.62 GiB is free. Including non-PyTorch memory, this ...
8.9044987Z !!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!
8.9045301Z 1 failed in 41.22s
9.0201934Z ##[error]Process completed with exit code 1.''') + "\n"),

    dict(name="12-gcloud-logging-json-textpayload-newest-first-oom", kind="cuda",
         family="`gcloud logging read ... --format=json` export of a Vertex AI / GKE training job: a JSON array of LogEntry objects, one traceback line per entry in `textPayload`, NEWEST FIRST (the OOM line first, `Traceback (most recent call last):` last)",
         version="Google Cloud Logging (gcloud logging read: default order timestamp desc; LogEntry textPayload / severity / resource) ; torch 2.4+",
         source="googleapis/google-cloud-python / Cloud Logging LogEntry schema (textPayload, severity, timestamp, resource.labels) ; gcloud logging read (`--order` defaults to desc) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(2.5, 79.15),
         log='''[
  {
    "insertId": "1x9k2fqf3a7b1c",
    "labels": {"ml.googleapis.com/job_id_log_label": "8123456789012345678", "ml.googleapis.com/trial_type": "workerpool0"},
    "logName": "projects/acme-ml/logs/workerpool0-0",
    "receiveTimestamp": "2024-11-25T02:51:13.480122314Z",
    "resource": {"labels": {"job_id": "8123456789012345678", "project_id": "acme-ml", "task_name": "workerpool0-0"}, "type": "ml_job"},
    "severity": "ERROR",
    "textPayload": "torch.OutOfMemoryError: ''' + OOM_H + '''",
    "timestamp": "2024-11-25T02:51:09.118004Z"
  },
  {
    "insertId": "1x9k2fqf3a7b1b",
    "logName": "projects/acme-ml/logs/workerpool0-0",
    "resource": {"labels": {"job_id": "8123456789012345678", "project_id": "acme-ml", "task_name": "workerpool0-0"}, "type": "ml_job"},
    "severity": "ERROR",
    "textPayload": "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
    "timestamp": "2024-11-25T02:51:09.117990Z"
  },
  {
    "insertId": "1x9k2fqf3a7b1a",
    "logName": "projects/acme-ml/logs/workerpool0-0",
    "resource": {"labels": {"job_id": "8123456789012345678", "project_id": "acme-ml", "task_name": "workerpool0-0"}, "type": "ml_job"},
    "severity": "ERROR",
    "textPayload": "  File \\"/opt/conda/lib/python3.10/site-packages/torch/autograd/graph.py\\", line 823, in _engine_run_backward",
    "timestamp": "2024-11-25T02:51:09.117981Z"
  },
  {
    "insertId": "1x9k2fqf3a7b19",
    "logName": "projects/acme-ml/logs/workerpool0-0",
    "resource": {"labels": {"job_id": "8123456789012345678", "project_id": "acme-ml", "task_name": "workerpool0-0"}, "type": "ml_job"},
    "severity": "ERROR",
    "textPayload": "Traceback (most recent call last):",
    "timestamp": "2024-11-25T02:51:09.117902Z"
  },
  {
    "insertId": "1x9k2fqf3a7b18",
    "logName": "projects/acme-ml/logs/workerpool0-0",
    "resource": {"labels": {"job_id": "8123456789012345678", "project_id": "acme-ml", "task_name": "workerpool0-0"}, "type": "ml_job"},
    "severity": "INFO",
    "textPayload": "step 1800 loss 1.9920 lr 1.8e-04",
    "timestamp": "2024-11-25T02:50:41.003311Z"
  }
]
'''),

    dict(name="13-crlf-tqdm-carriage-returns-torch-2.0-oom", kind="cuda",
         family="A Windows-written log (CRLF line ends) whose tqdm bar redraws with bare carriage returns on one physical line, ending in torch 2.0's `torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate ... (GPU 0; ... total capacity; ... already allocated; 0 bytes free; ... reserved in total by PyTorch)`",
         version="torch 2.0.x message (the 1.x-style parenthesised wording under the 2.0 class torch.cuda.OutOfMemoryError) ; tqdm 4.x (`\\r` redraws) ; a log written with Windows line ends",
         source="pytorch/pytorch v2.0.1 c10/cuda/CUDACachingAllocator.cpp (TORCH_CHECK_WITH(OutOfMemoryError, ..., 'CUDA out of memory. Tried to allocate ', ..., ' (GPU ', ..., ' total capacity; ', ..., ' already allocated; ', ..., ' free; ', ..., ' reserved in total by PyTorch)', ...)) + tqdm/tqdm tqdm/std.py (status printer writes '\\r' + line)",
         facts=facts(0.0195, 6.0),
         log=("Epoch 1:   0%|          | 0/938 [00:00<?, ?it/s]\rEpoch 1:   1%|1         | 9/938 [00:04<07:11,  2.15it/s]"
              "\rEpoch 1:   2%|2         | 19/938 [00:08<06:53,  2.22it/s]\rEpoch 1:   3%|3         | 27/938 [00:12<06:58,  2.18it/s]\r\n"
              "Traceback (most recent call last):\r\n"
              "  File \"D:\\proj\\unet\\train.py\", line 88, in <module>\r\n"
              "    loss.backward()\r\n"
              "  File \"C:\\Python310\\lib\\site-packages\\torch\\_tensor.py\", line 487, in backward\r\n"
              "    torch.autograd.backward(\r\n"
              "  File \"C:\\Python310\\lib\\site-packages\\torch\\autograd\\__init__.py\", line 200, in backward\r\n"
              "    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\r\n"
              "torch.cuda.OutOfMemoryError: " + torch_oom_1x("20.00 MiB", 0, "6.00 GiB", "5.23 GiB", "0 bytes", "5.31 GiB") + "\r\n")),

    dict(name="14-cpython-3.13-colored-traceback-ansi-oom", kind="cuda",
         family="CPython 3.13's coloured tracebacks kept in a file (FORCE_COLOR=1 in CI / a `script` capture): ANSI SGR codes around file names, line numbers, the `~~~^^^` markers, the exception class (`\\x1b[1;35mtorch.OutOfMemoryError\\x1b[0m`) and the message (`\\x1b[35m...\\x1b[0m`)",
         version="CPython 3.13+ (Lib/_colorize.py ANSIColors; traceback.py colourises when FORCE_COLOR / PYTHON_COLORS is set) ; torch 2.6+ on Python 3.13",
         source="python/cpython Lib/_colorize.py (ANSIColors: BOLD_MAGENTA '\\x1b[1;35m', MAGENTA '\\x1b[35m', RESET '\\x1b[0m') + Lib/traceback.py TracebackException.format_exception_only (colorize: f'{ANSIColors.BOLD_MAGENTA}{stype}{ANSIColors.RESET}: {ANSIColors.MAGENTA}{value}{ANSIColors.RESET}') + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(1.17, 44.34),
         log=("step 220 | loss 3.0127 | 0.91 s/it\n"
              "Traceback (most recent call last):\n"
              "  File \x1b[35m\"/work/vit/train.py\"\x1b[0m, line \x1b[35m204\x1b[0m, in \x1b[35m<module>\x1b[0m\n"
              "    \x1b[31mmain\x1b[0m\x1b[1;31m()\x1b[0m\n"
              "    \x1b[31m~~~~\x1b[0m\x1b[1;31m^^\x1b[0m\n"
              "  File \x1b[35m\"/work/vit/train.py\"\x1b[0m, line \x1b[35m181\x1b[0m, in \x1b[35mmain\x1b[0m\n"
              "    logits = \x1b[31mmodel\x1b[0m\x1b[1;31m(images)\x1b[0m\n"
              "             \x1b[31m~~~~~\x1b[0m\x1b[1;31m^^^^^^^^\x1b[0m\n"
              "  File \x1b[35m\"/work/vit/.venv/lib/python3.13/site-packages/torch/nn/modules/module.py\"\x1b[0m, line \x1b[35m1762\x1b[0m, in \x1b[35m_call_impl\x1b[0m\n"
              "    return forward_call(*args, **kwargs)\n"
              "\x1b[1;35mtorch.OutOfMemoryError\x1b[0m: \x1b[35m" + OOM_J + "\x1b[0m\n")),

    dict(name="15-airflow-task-log-prefixed-oom", kind="cuda",
         family="Apache Airflow task log: `[YYYY-MM-DD, HH:MM:SS UTC] {file.py:N} LEVEL - ` prefixes, the training subprocess's traceback relayed line by line by the BashOperator / subprocess hook (`{subprocess.py:N} INFO - ` on every line), then `Task failed with exception` and `Marking task as FAILED`",
         version="Airflow 2.6-2.10 (task log format `[%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s - %(message)s`; SubprocessHook relays output at INFO) ; torch 2.4+",
         source="apache/airflow airflow/config_templates/airflow_local_settings.py (LOG_FORMAT '[%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s - %(message)s') + airflow/hooks/subprocess.py SubprocessHook.run_command (self.log.info('%s', line)) + airflow/models/taskinstance.py ('Task failed with exception', 'Marking task as FAILED.')",
         facts=facts(6.0, 79.19),
         log=prefixed("[2024-11-25, 02:40:1", f'''1 UTC] {{subprocess.py:93}} INFO - Running: "bash -c 'torchrun --nproc-per-node 8 /opt/train/run.py --cfg nightly.yaml'"
2 UTC] {{subprocess.py:106}} INFO - Output:
8 UTC] {{subprocess.py:117}} INFO - [rank7]: Traceback (most recent call last):
8 UTC] {{subprocess.py:117}} INFO - [rank7]:   File "/opt/train/run.py", line 211, in <module>
8 UTC] {{subprocess.py:117}} INFO - [rank7]:     out = model(**batch)
8 UTC] {{subprocess.py:117}} INFO - [rank7]: torch.OutOfMemoryError: {OOM_K}
9 UTC] {{subprocess.py:121}} INFO - Command exited with return code 1
9 UTC] {{taskinstance.py:3311}} ERROR - Task failed with exception
9 UTC] {{taskinstance.py:1226}} INFO - Marking task as FAILED. dag_id=nightly_pretrain, task_id=train, run_id=scheduled__2024-11-24T02:00:00+00:00, execution_date=20241124T020000, start_date=20241125T024011, end_date=20241125T024019''') + "\n"),

    dict(name="16-submitit-failedjoberror-trace-oom", kind="cuda",
         family="submitit (Slurm executor) `submitit.core.utils.FailedJobError: Job (task=0) failed during processing with trace:` + the job's traceback between `----------------------` rules + `You can check full logs with 'job.stderr(0)' and 'job.stdout(0)'or at paths:`",
         version="submitit 1.4-1.5 (core/core.py Job.exception: FailedJobError message) ; torch 2.4+",
         source="facebookincubator/submitit submitit/core/core.py Job.exception (utils.FailedJobError(f'Job (task={self.task_id}) failed during processing with trace:\\n----------------------\\n{trace}\\n----------------------\\nYou can check full logs with 'job.stderr({self.task_id})' and 'job.stdout({self.task_id})'or at paths:\\n  - {stderr}\\n  - {stdout}'))",
         facts=facts(3.0, 39.39),
         log=f'''Submitted job 4412873 (sweep lr=3e-4, bs=64)
Traceback (most recent call last):
  File "/private/home/ana/sweeps/launch.py", line 58, in <module>
    print(job.result())
  File "/private/home/ana/.conda/envs/ft/lib/python3.10/site-packages/submitit/core/core.py", line 266, in result
    r = self.results()
  File "/private/home/ana/.conda/envs/ft/lib/python3.10/site-packages/submitit/core/core.py", line 294, in results
    raise job_exception  # pylint: disable=raising-bad-type
submitit.core.utils.FailedJobError: Job (task=0) failed during processing with trace:
----------------------
Traceback (most recent call last):
  File "/private/home/ana/.conda/envs/ft/lib/python3.10/site-packages/submitit/core/submission.py", line 55, in process_job
    result = delayed.result()
  File "/private/home/ana/.conda/envs/ft/lib/python3.10/site-packages/submitit/core/utils.py", line 137, in result
    self._result = self.function(*self.args, **self.kwargs)
  File "/private/home/ana/sweeps/train.py", line 140, in run
    loss = model(batch).loss
  File "/private/home/ana/.conda/envs/ft/lib/python3.10/site-packages/torch/nn/functional.py", line 2140, in softmax
    ret = input.softmax(dim)
torch.OutOfMemoryError: {OOM_L}

----------------------
You can check full logs with 'job.stderr(0)' and 'job.stdout(0)'or at paths:
  - /checkpoint/ana/sweeps/4412873_0_log.err
  - /checkpoint/ana/sweeps/4412873_0_log.out
'''),

    dict(name="17-megatron-ddp-grad-buffer-alloc-oom-at-build", kind="cuda", top=["model-states-exceed-gpu"],
         family="Megatron-LM (core) DistributedDataParallel building its contiguous grad buffer at start-up (`self.grad_data = torch.zeros(...)` in _ParamAndGradBuffer), right after Megatron's `number of parameters on (tensor, pipeline) model parallel rank` lines: the model states do not fit before step 1",
         version="Megatron-LM core 0.7-0.12 (megatron/core/distributed/param_and_grad_buffer.py _ParamAndGradBuffer.__init__) ; torch 2.4+",
         source="NVIDIA/Megatron-LM megatron/core/distributed/param_and_grad_buffer.py _ParamAndGradBuffer.__init__ (self.grad_data = torch.zeros(self.numel, dtype=self.grad_dtype, device=torch.cuda.current_device(), requires_grad=False)) + megatron/training/training.py get_model (' > number of parameters on (tensor, pipeline) model parallel rank ({}, {}): {}')",
         facts=facts(5.25, 79.15),
         log=f'''building GPT model ...
 > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 35283746816
 > number of parameters on (tensor, pipeline) model parallel rank (2, 0): 35283746816
INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=False, overlap_param_gather=False, align_param_gather=False, use_distributed_optimizer=False, check_for_nan_in_grad=True, bucket_size=None, average_in_collective=False, fp8_param_gather=False)
[rank2]: Traceback (most recent call last):
[rank2]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>
[rank2]:     pretrain(
[rank2]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 290, in pretrain
[rank2]:     model, optimizer, opt_param_scheduler = setup_model_and_optimizer(
[rank2]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 615, in get_model
[rank2]:     model = [DDP(config,
[rank2]:   File "/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", line 172, in __init__
[rank2]:     self.buffers, self.bucket_groups = _allocate_buffers_for_parameters(
[rank2]:   File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 611, in __init__
[rank2]:     self.grad_data = torch.zeros(
[rank2]: torch.OutOfMemoryError: {OOM_P}
'''),

    dict(name="18-torchtitan-fsdp2-foreach-all-gather-oom", kind="cuda",
         family="torchtitan (FSDP2 fully_shard) log `[titan] <time> - root - INFO - ` lines, then a CUDA OOM raised in FSDP2's `foreach_all_gather` (the unsharded all-gather output buffer, `torch.empty(...)`) from the pre-forward hook, behind `[rankN]:`",
         version="torchtitan 0.0.x-0.1 ; torch 2.5-2.9 (torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py foreach_all_gather; 2.5-2.6 under torch/distributed/_composable/fsdp/)",
         source="pytorch/torchtitan torchtitan/tools/logging.py (format '[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s') + pytorch/pytorch torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py foreach_all_gather (all_gather_output = torch.empty((all_gather_input_numel * world_size,), dtype=dtype, device=device)) and _fsdp_param_group.py FSDPParamGroup.unshard",
         facts=facts(2.0, 79.11),
         log=f'''[rank4]:[titan] 2025-03-02 10:11:12,345 - root - INFO - Applied FSDP to the model
[rank4]:[titan] 2025-03-02 10:11:12,901 - root - INFO - CUDA memory usage for model: 17.48GiB(22.09%)
[rank4]:[titan] 2025-03-02 10:11:13,004 - root - INFO - Training starts at step 1, with local batch size 2, global batch size 16, sequence length 8192, total steps 3000 (warmup 200)
[rank4]:[titan] 2025-03-02 10:11:29,120 - root - INFO - step:  1  loss: 12.2514  memory: 71.33GiB(90.16%)  tps: 2,101  tflops: 121.64  mfu: 12.30%
[rank4]:Traceback (most recent call last):
[rank4]:  File "/opt/torchtitan/torchtitan/train.py", line 532, in train_step
[rank4]:    pred = model_parts[0](inputs)
[rank4]:  File "{CP}/torch/distributed/fsdp/_fully_shard/_fsdp_state.py", line 231, in _pre_forward
[rank4]:    args, kwargs = self._fsdp_param_group.pre_forward(module, args, kwargs)
[rank4]:  File "{CP}/torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py", line 342, in unshard
[rank4]:    self._all_gather_result = foreach_all_gather(
[rank4]:  File "{CP}/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py", line 250, in foreach_all_gather
[rank4]:    all_gather_output = torch.empty(
[rank4]:torch.OutOfMemoryError: {OOM_M}
'''),

    dict(name="19-deepspeed-launcher-zero3-fetch-oom-return-code", kind="cuda",
         family="DeepSpeed single-node launcher (`deepspeed train.py --deepspeed ds_z3.json`): ZeRO-3's PartitionedParameterCoordinator fetching a sub-module runs out of memory on rank 3, then the launcher's `[launch.py:N:sigkill_handler] Killing subprocess N` and `[ERROR] ... exits with return code = 1`",
         version="deepspeed 0.12-0.16 (runtime/zero/partitioned_param_coordinator.py fetch_sub_module -> partition_parameters.py all_gather_coalesced; launcher/launch.py sigkill_handler) ; torch 2.4+",
         source="deepspeedai/DeepSpeed deepspeed/runtime/zero/partitioned_param_coordinator.py PartitionedParameterCoordinator.fetch_sub_module / __all_gather_params + deepspeed/runtime/zero/partition_parameters.py (torch.empty(... device=get_accelerator().current_device_name())) + deepspeed/launcher/launch.py sigkill_handler (logger.info(f'Killing subprocess {process.pid}'); logger.error(f'{cmd} exits with return code = {last_return_code}'))",
         facts=facts(1.5, 23.64),
         log=f'''[2024-11-25 01:20:04,112] [INFO] [launch.py:256:main] process 88121 spawned with command: ['/usr/bin/python3', '-u', 'train.py', '--local_rank=3', '--deepspeed', 'ds_z3.json']
[2024-11-25 01:21:40,733] [INFO] [logging.py:128:log_dist] [Rank 0] DeepSpeed Final Optimizer = DeepSpeedZeroOptimizer_Stage3
Traceback (most recent call last):
  File "/home/bo/ft/train.py", line 210, in <module>
    outputs = model_engine(**batch)
  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 1914, in forward
    loss = self.module(*inputs, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/parameter_offload.py", line 393, in _pre_forward_module_hook
    self.pre_sub_module_forward_function(module)
  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/partitioned_param_coordinator.py", line 334, in fetch_sub_module
    self.__all_gather_params(params_to_fetch, forward)
  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/partition_parameters.py", line 1171, in all_gather_coalesced
    flat_tensor = torch.empty(tensor_size,
torch.OutOfMemoryError: {OOM_N.replace("GPU 0 has", "GPU 3 has")}
[2024-11-25 01:22:07,410] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 88118
[2024-11-25 01:22:07,411] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 88119
[2024-11-25 01:22:07,411] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 88120
[2024-11-25 01:22:07,688] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=3', '--deepspeed', 'ds_z3.json'] exits with return code = 1
'''),

    dict(name="20-accelerate-notebook-launcher-kaggle-processraisedexception", kind="cuda",
         family="accelerate `notebook_launcher` in a Kaggle / Colab notebook (fork start method): `Launching training on 2 GPUs.`, then torch's ProcessRaisedException (`-- Process 1 terminated with the following error:`) carrying the child's OOM, rendered by IPython (`ProcessRaisedException                    Traceback (most recent call last)`)",
         version="accelerate 0.2x-1.x (launchers.py notebook_launcher: start_processes(..., start_method='fork'), print(f'Launching training on {num_processes} GPUs.')) ; torch 2.4+ spawn.py ; IPython 8",
         source="huggingface/accelerate src/accelerate/launchers.py notebook_launcher (print(f'Launching training on {num_processes} GPUs.'); start_processes(launcher, args=args, nprocs=num_processes, start_method='fork'); except ProcessRaisedException as e: if 'Cannot re-initialize CUDA in forked subprocess' in e.args[0]: raise RuntimeError(...) else raise) + pytorch/pytorch torch/multiprocessing/spawn.py",
         facts=facts(2.0, 14.74),
         log=f'''Launching training on 2 GPUs.
epoch 0: 100%|██████████| 312/312 [02:41<00:00,  1.93it/s]
---------------------------------------------------------------------------
ProcessRaisedException                    Traceback (most recent call last)
/tmp/ipykernel_33/2871233.py in <cell line: 3>()
      1 from accelerate import notebook_launcher
      2 
----> 3 notebook_launcher(training_loop, args, num_processes=2)

/usr/local/lib/python3.10/dist-packages/accelerate/launchers.py in notebook_launcher(function, args, num_processes, mixed_precision, use_port, master_addr, node_rank, num_nodes, rdzv_backend, rdzv_endpoint, rdzv_conf, rdzv_id, max_restarts, monitor_interval, log_line_prefix_template)
    244                     start_processes(launcher, args=args, nprocs=num_processes, start_method="fork")
    245                 except ProcessRaisedException as e:
--> 246                     if "Cannot re-initialize CUDA in forked subprocess" in e.args[0]:

ProcessRaisedException: 

-- Process 1 terminated with the following error:
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/torch/multiprocessing/spawn.py", line 90, in _wrap
    fn(i, *args)
  File "/usr/local/lib/python3.10/dist-packages/accelerate/utils/launch.py", line 626, in __call__
    self.launcher(*args)
  File "/tmp/ipykernel_33/1190288.py", line 41, in training_loop
    accelerator.backward(loss)
  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", line 823, in _engine_run_backward
    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
torch.OutOfMemoryError: {torch_oom("2.00 GiB", 1, "14.74 GiB", "1.29 GiB", "13.45 GiB", "12.60 GiB", "734.01 MiB")}
'''),

    dict(name="21-concurrent-futures-remotetraceback-gpu-worker-oom", kind="cuda",
         family="concurrent.futures ProcessPoolExecutor: a GPU worker's OOM carried back as `concurrent.futures.process._RemoteTraceback: \"\"\" ... \"\"\"` + `The above exception was the direct cause of the following exception:` + the same OutOfMemoryError re-raised in the parent by `future.result()`",
         version="CPython 3.8-3.13 (concurrent/futures/process.py _ExceptionWithTraceback: tb = '\\n\"\"\"\\n%s\"\"\"' % tb; _rebuild_exc sets __cause__ = _RemoteTraceback(tb)) ; torch 2.4+",
         source="python/cpython Lib/concurrent/futures/process.py (class _RemoteTraceback; _ExceptionWithTraceback.__init__: tb = ''.join(format_exception(...)); self.tb = '\\n\"\"\"\\n%s\"\"\"' % tb; _rebuild_exc: exc.__cause__ = _RemoteTraceback(tb)) + Lib/traceback.py (_cause_message 'The above exception was the direct cause of the following exception:')",
         facts=facts(1.5, 23.64),
         log=f'''evaluating 6 checkpoints on 4 GPUs (one process per GPU)
ckpt step-2000: ppl 9.81
concurrent.futures.process._RemoteTraceback: 
"""
Traceback (most recent call last):
  File "/usr/lib/python3.11/concurrent/futures/process.py", line 256, in _process_worker
    r = call_item.fn(*call_item.args, **call_item.kwargs)
  File "/home/eval/score_ckpts.py", line 44, in score
    logits = model(ids.to(f"cuda:{{gpu}}")).logits
  File "{SP}/torch/nn/modules/module.py", line 1747, in _call_impl
    return forward_call(*args, **kwargs)
torch.OutOfMemoryError: {OOM_N.replace("GPU 0 has", "GPU 2 has")}
"""

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/eval/score_ckpts.py", line 71, in <module>
    ppl = fut.result()
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 449, in result
    return self.__get_result()
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 401, in __get_result
    raise self._exception
torch.OutOfMemoryError: {OOM_N.replace("GPU 0 has", "GPU 2 has")}
'''),

    dict(name="22-github-issue-details-omitted-frames-oom", kind="cuda",
         family="A GitHub issue body: `<details><summary>Full traceback</summary>` around a ```` ```pytb ```` fence whose middle frames the reporter replaced by `[... 38 lines omitted ...]`, the OOM as the last line of the fence, an `### Environment` list after it",
         version="GitHub-flavoured Markdown issue form (details/summary, fenced code) ; torch 2.4+",
         source="github issue-form rendering (<details>, ```pytb fences) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp; the elision marker as users write it",
         facts=facts(2.5, 79.15),
         log=f'''### Describe the bug

Training Qwen2.5-7B with FSDP + activation checkpointing crashes after ~300 steps, always at the same sample (a 31k-token document).

<details><summary>Full traceback</summary>

```pytb
Traceback (most recent call last):
  File "/home/me/train.py", line 301, in <module>
    main()
[... 38 lines omitted ...]
  File "{SP}/torch/utils/checkpoint.py", line 1128, in unpack_hook
    frame.recompute_fn(*args)
  File "{SP}/transformers/models/qwen2/modeling_qwen2.py", line 188, in forward
    attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) * self.scaling
torch.OutOfMemoryError: {OOM_H.replace("GPU 5 has", "GPU 0 has")}
```

</details>

### Environment

- torch 2.5.1+cu124, transformers 4.46.3, accelerate 1.1.1
- 8x H100 80GB, single node
'''),

    dict(name="23-cri-containerd-pod-log-file-stderr-f-oom", kind="cuda",
         family="A Kubernetes node's container log file (/var/log/pods/.../0.log, CRI format): every line `<RFC3339Nano> stderr F <text>` (`P` would mark a partial line the runtime split at 16 KiB; none here), the OOM traceback in it",
         version="CRI container log format (containerd / CRI-O; `TIMESTAMP STREAM TAG CONTENT`, tag F full / P partial) ; torch 2.4+",
         source="kubernetes/cri-api / kubernetes pkg/kubelet/kuberuntime/logs/logs.go (parseCRILog: '<timestamp> <stream> <tag> <content>', runtimeapi.LogTagPartial 'P', LogTagFull 'F') + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(2.0, 79.11),
         log=f'''2024-11-25T03:20:41.118430212Z stdout F {{"step": 950, "loss": 1.8841, "lr": 0.00019}}
2024-11-25T03:20:44.902113381Z stderr F Traceback (most recent call last):
2024-11-25T03:20:44.902140556Z stderr F   File "/app/train.py", line 233, in <module>
2024-11-25T03:20:44.902146020Z stderr F     loss = compute_loss(model, batch)
2024-11-25T03:20:44.902151305Z stderr F   File "/app/train.py", line 119, in compute_loss
2024-11-25T03:20:44.902155876Z stderr F     logits = model(batch["input_ids"]).logits
2024-11-25T03:20:44.902161002Z stderr F torch.OutOfMemoryError: {OOM_M}
'''),

    dict(name="24-nbconvert-html-export-ansi-spans-oom", kind="cuda",
         family="A notebook exported with `jupyter nbconvert --to html`: the error output as `<pre>` with `<span class=\"ansi-red-fg\">` colour spans and HTML entities (`&lt;module&gt;`, `&quot;`), the OOM line inside spans",
         version="nbconvert 6-7 (HTML exporter: ANSI -> `ansi-*-fg` span classes, html-escaped text) ; torch 2.4+",
         source="jupyter/nbconvert nbconvert/filters/ansi.py ansi2html (`<span class=\"ansi-red-fg\">`, html.escape) + nbconvert/templates/lab (jp-OutputArea-output `<pre>`) + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(1.5, 23.64),
         log=f'''<div class="jp-OutputArea-child">
<div class="jp-RenderedText jp-OutputArea-output" data-mime-type="application/vnd.jupyter.stderr">
<pre><span class="ansi-red-fg">---------------------------------------------------------------------------</span>
<span class="ansi-red-fg">OutOfMemoryError</span>                          Traceback (most recent call last)
Cell <span class="ansi-green-fg">In[9], line 5</span>
<span class="ansi-green-intense-fg ansi-bold">      3</span> <span class="ansi-bold" style="color: rgb(0,135,0)">for</span> batch <span class="ansi-bold" style="color: rgb(175,0,255)">in</span> loader:
<span class="ansi-green-fg">----&gt; 5</span>     out <span style="color: rgb(98,98,98)">=</span> model(<span style="color: rgb(98,98,98)">**</span>batch)

<span class="ansi-red-fg">OutOfMemoryError</span>: {OOM_N}</pre>
</div>
</div>
'''),

    dict(name="25-gitlab-ci-section-markers-oom", kind="cuda",
         family="GitLab CI job trace: `section_start:<epoch>:step_script` markers followed by a carriage return and `\\x1b[0K`, coloured `$ python ...` command echo, the OOM traceback, `ERROR: Job failed: exit code 1`",
         version="GitLab Runner 15-17 (job trace sections `section_start:%d:%s\\r\\x1b[0K`, `ERROR: Job failed: exit code %d`) ; torch 2.4+",
         source="gitlab-org/gitlab-runner helpers/trace / shells (section_start/section_end markers with \\r\\033[0K; 'ERROR: Job failed: exit code 1') + pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp",
         facts=facts(2.5, 79.15),
         log=("\x1b[0KRunning with gitlab-runner 17.5.2 (c6eae8d7)\x1b[0;m\n"
              "\x1b[0K  on gpu-runner-a100 t3_xYz12, system ID: s_0a1b2c3d4e5f\x1b[0;m\n"
              "section_start:1732502101:step_script\r\x1b[0K\x1b[0K\x1b[36;1mExecuting \"step_script\" stage of the job script\x1b[0;m\x1b[0;m\n"
              "\x1b[32;1m$ python -m scripts.smoke_train --steps 20 --seq-len 32768\x1b[0;m\n"
              "step 1/20 loss 11.92\n"
              "Traceback (most recent call last):\n"
              "  File \"/builds/ml/llm/scripts/smoke_train.py\", line 77, in <module>\n"
              "    loss.backward()\n"
              "  File \"/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py\", line 823, in _engine_run_backward\n"
              "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n"
              "torch.OutOfMemoryError: " + OOM_H.replace("GPU 5 has", "GPU 0 has") + "\n"
              "section_end:1732502166:step_script\r\x1b[0K\x1b[31;1mERROR: Job failed: exit code 1\n"
              "\x1b[0;m\n")),
]
