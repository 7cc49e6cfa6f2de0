"""Host-memory / shared-memory OOM renderings of the training stacks in none of messages/ .. messages-h/."""

SP = "/usr/local/lib/python3.11/site-packages"
WP = "C:\\Users\\dev\\miniconda3\\envs\\seg\\lib\\site-packages"

CASES = [
    dict(name="26-torch-windows-dataloader-shared-file-mapping-1455", kind="host",
         family="PyTorch on Windows: a DataLoader worker cannot create its shared-memory tensor, `Couldn't open shared file mapping: <torch_...>, error code: <1455>` (ERROR_COMMITMENT_LIMIT: RAM + paging file exhausted), re-raised as `Caught RuntimeError in DataLoader worker process N.`",
         version="torch 1.x-2.9 on Windows (aten/src/ATen/MapAllocator.cpp Windows branch: TORCH_CHECK(false, \"Couldn't open shared file mapping: <\", filename, \">, error code: <\", GetLastError(), \">\"))",
         source="pytorch/pytorch aten/src/ATen/MapAllocator.cpp MapAllocator::MapAllocator (_WIN32: CreateFileMappingW / OpenFileMappingW; if (handle_ == nullptr) TORCH_CHECK(false, \"Couldn't open shared file mapping: <\", filename, \">, error code: <\", GetLastError(), \">\")) + torch/_utils.py ExceptionWrapper.reraise",
         log=f'''Epoch 1/50:  37%|███▋      | 139/375 [01:12<02:03,  1.91it/s, loss=0.412]
Traceback (most recent call last):
  File "C:\\Users\\dev\\seg\\train.py", line 211, in <module>
    main()
  File "C:\\Users\\dev\\seg\\train.py", line 172, in main
    for images, masks in train_loader:
  File "{WP}\\torch\\utils\\data\\dataloader.py", line 701, in __next__
    data = self._next_data()
  File "{WP}\\torch\\utils\\data\\dataloader.py", line 1465, in _next_data
    return self._process_data(data)
  File "{WP}\\torch\\utils\\data\\dataloader.py", line 1491, in _process_data
    data.reraise()
  File "{WP}\\torch\\_utils.py", line 715, in reraise
    raise exception
RuntimeError: Caught RuntimeError in DataLoader worker process 3.
Original Traceback (most recent call last):
  File "{WP}\\torch\\utils\\data\\_utils\\worker.py", line 351, in _worker_loop
    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]
  File "{WP}\\torch\\utils\\data\\_utils\\fetch.py", line 55, in fetch
    return self.collate_fn(data)
  File "{WP}\\torch\\utils\\data\\_utils\\collate.py", line 273, in collate_tensor_fn
    storage = elem._typed_storage()._new_shared(numel, device=elem.device)
  File "{WP}\\torch\\storage.py", line 1177, in _new_shared
    untyped_storage = torch.UntypedStorage._new_shared(size * self._element_size(), device=device)
  File "{WP}\\torch\\storage.py", line 410, in _new_shared
    return cls._new_using_filename_cpu(size)
RuntimeError: Couldn't open shared file mapping: <torch_16336_2546003764_1594>, error code: <1455>
'''),

    dict(name="27-dataloader-caught-memoryerror-worker-reraise", kind="host",
         family="torch DataLoader re-raise of a worker's bare `MemoryError`: `MemoryError: Caught MemoryError in DataLoader worker process N.` + `Original Traceback (most recent call last):` ... `MemoryError` (Pillow decoding a huge image in a worker)",
         version="torch 1.x-2.9 (torch/_utils.py ExceptionWrapper.reraise: msg = f'Caught {self.exc_type.__name__} {self.where}.\\nOriginal {self.exc_msg}'; raise self.exc_type(msg)) ; Pillow 10-11",
         source="pytorch/pytorch torch/_utils.py ExceptionWrapper.reraise (msg = f\"Caught {self.exc_type.__name__} {self.where}.\\nOriginal {self.exc_msg}\"; exception = self.exc_type(msg); raise exception) + torch/utils/data/_utils/worker.py (where = f'in DataLoader worker process {worker_id}')",
         log=f'''[train] epoch 0 it 2200/9800 loss 2.881 lr 3.9e-4 data 0.41s
Traceback (most recent call last):
  File "/home/ops/clip-ft/train.py", line 244, in <module>
    main(args)
  File "/home/ops/clip-ft/train.py", line 201, in main
    for i, (images, texts) in enumerate(loader):
  File "{SP}/torch/utils/data/dataloader.py", line 701, in __next__
    data = self._next_data()
  File "{SP}/torch/utils/data/dataloader.py", line 1465, in _next_data
    return self._process_data(data)
  File "{SP}/torch/utils/data/dataloader.py", line 1491, in _process_data
    data.reraise()
  File "{SP}/torch/_utils.py", line 715, in reraise
    raise exception
MemoryError: Caught MemoryError in DataLoader worker process 5.
Original Traceback (most recent call last):
  File "{SP}/torch/utils/data/_utils/worker.py", line 351, in _worker_loop
    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]
  File "{SP}/torch/utils/data/_utils/fetch.py", line 52, in fetch
    data = [self.dataset[idx] for idx in possibly_batched_index]
  File "/home/ops/clip-ft/data/laion_subset.py", line 63, in __getitem__
    image = Image.open(path).convert("RGB")
  File "{SP}/PIL/Image.py", line 984, in convert
    self.load()
  File "{SP}/PIL/ImageFile.py", line 300, in load
    n, err_code = decoder.decode(b)
MemoryError

'''),

    dict(name="28-datasets-map-num-proc-remotetraceback-memoryerror", kind="host",
         family="HF datasets `map(num_proc=N)`: a worker's `MemoryError` carried back as `multiprocess.pool.RemoteTraceback: \"\"\" ... MemoryError \"\"\"` + `The above exception was the direct cause of the following exception:` + a bare `MemoryError` (tokenising a corpus on the training node)",
         version="datasets 2.x-3.x (arrow_dataset.py map with num_proc, multiprocess Pool via utils/py_utils.iflatmap_unordered) ; multiprocess 0.70.x (pool.py RemoteTraceback, ExceptionWithTraceback) ; CPython 3.10-3.12",
         source="uqfoundation/multiprocess py3.11/multiprocess/pool.py (class RemoteTraceback; ExceptionWithTraceback: tb = '\\n\"\"\"\\n%s\"\"\"' % tb; rebuild_exc sets __cause__ = RemoteTraceback(tb)) + huggingface/datasets src/datasets/utils/py_utils.py iflatmap_unordered",
         log=f'''Map (num_proc=48):  71%|███████   | 7100213/10000000 [11:02<04:11, 11530.87 examples/s]
multiprocess.pool.RemoteTraceback: 
"""
Traceback (most recent call last):
  File "{SP}/multiprocess/pool.py", line 125, in worker
    result = (True, func(*args, **kwds))
  File "{SP}/datasets/utils/py_utils.py", line 678, in _write_generator_to_queue
    for i, result in enumerate(func(**kwargs)):
  File "{SP}/datasets/arrow_dataset.py", line 3516, in _map_single
    for i, batch in iter_outputs(shard_iterable):
  File "{SP}/datasets/arrow_dataset.py", line 3466, in iter_outputs
    yield i, apply_function(example, i, offset=offset)
  File "/data/prep/tokenize_corpus.py", line 38, in pack
    ids = list(itertools.chain.from_iterable(batch["input_ids"]))
MemoryError
"""

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/data/prep/tokenize_corpus.py", line 71, in <module>
    ds = ds.map(pack, batched=True, batch_size=100000, num_proc=48, remove_columns=cols)
  File "{SP}/datasets/arrow_dataset.py", line 557, in wrapper
    out: Union["Dataset", "DatasetDict"] = func(self, *args, **kwargs)
  File "{SP}/datasets/arrow_dataset.py", line 3171, in map
    for rank, done, content in iflatmap_unordered(
  File "{SP}/datasets/utils/py_utils.py", line 718, in iflatmap_unordered
    [async_result.get(timeout=0.05) for async_result in async_results]
  File "{SP}/multiprocess/pool.py", line 774, in get
    raise self._value
MemoryError
'''),

    dict(name="29-torchrun-childfailederror-exitcode-minus-7-sigbus", kind="host",
         family="torchrun's ChildFailedError summary with `exitcode  : -7` and `Signal 7 (SIGBUS) received by PID N` (a worker killed by SIGBUS touching shared memory past a full /dev/shm in a container), no Python traceback",
         version="torch 1.10-2.9 elastic (ProcessFailure with exitcode -7: message 'Signal 7 (SIGBUS) received by PID ...') ; docker default --shm-size 64m",
         source="pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py ProcessFailure.__post_init__ (self.message = f'Signal {-self.exitcode} ({self.signal_name()}) received by PID {self.pid}') + _FAILURE_FORMAT_TEMPLATE",
         confidence="low",
         note="SIGBUS in a container with a small /dev/shm: shared memory exhausted (NCCL / DataLoader shm segments); no memory figures printed",
         log='''+ docker run --gpus all --rm -v /data:/data trainer:2025.03 torchrun --nproc_per_node 8 train.py --cfg cfg/vit_h.yaml
[2025-03-28 10:02:11] rank0: loaded 1281167 samples, 16 workers per rank
[2025-03-28 10:02:40] rank0: epoch 0 it 0 loss 6.908
W0328 10:02:58.771000 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 58 closing signal SIGTERM
W0328 10:02:58.772000 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 59 closing signal SIGTERM
E0328 10:03:00.114000 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -7) local_rank: 2 (pid: 60) of binary: /usr/bin/python
Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 8, in <module>
    sys.exit(main())
torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
======================================================
train.py FAILED
------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2025-03-28_10:02:58
  host      : 3f9c1d2ab7e4
  rank      : 2 (local_rank: 2)
  exitcode  : -7 (pid: 60)
  error_file: <N/A>
  traceback : Signal 7 (SIGBUS) received by PID 60
======================================================
'''),
]
