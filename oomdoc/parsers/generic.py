"""The last net: a failure that says memory ran out, in a wording no family knows.

The catalogue names every message family read in a library's source, but new
libraries and versions keep writing new sentences (`Device(id:0) memory isn't
enough and alloc failed`, `Error Code 1: Cuda Runtime (out of memory)`,
`java.lang.OutOfMemoryError: Java heap space`, `job killed: mem ... exceeded
limit`). A person reads those at a glance from three things, and so does this
family, on records no other family turned into an event:

* a statement that memory ran out: out of / not enough / insufficient memory,
  more memory needed than is available, an allocation that failed with a size
  or a memory word, an allocation-failure status name in any API's style
  (`VK_ERROR_OUT_OF_DEVICE_MEMORY`, `miopenStatusAllocFailed`), a memory limit
  exceeded, an OOM kill, resources exhausted;
* the line is a failure: an exception, an error or fatal level, words such as
  failed, killed, crashed, evicted, restarted;
* nothing hedges it: no "may", "to avoid", "if you", no negation, no option or
  config key (`--oom-...`, `memory_limit: 8G`), no warning-level advice.

Which memory: device words (CUDA, GPU, HBM, NPU, cuBLAS, TensorRT...) say the
accelerator, host words (heap, RAM, container, job, cgroup, limit...) the
host, `/dev/shm` shared memory. The event is `likely` (never `certain`: the
wording is unknown), tagged `signature: generic-out-of-memory`, so rules rank
it with the fallback causes of its memory and a low confidence.

A record with no such sentence may still report a process killed by SIGKILL in a
supervisor's own words (`return code Negsignal.SIGKILL`, `signal: killed`): with no
timeout, cancellation, shutdown or other signal named, it is a `possible` host kill
(`signature: generic-sigkill`), as the catalogue's own SIGKILL families. So is a worker, kernel or
driver reported dead with no error of its own (`terminated abruptly`, `exited unexpectedly`), unless
the record names a segfault, an abort or the worker's own exception.
"""
from __future__ import annotations

from ..model import Event, Record
from ..scan import TriggerGroup
from ..units import to_bytes
from .base import discarded_choice, event, lazy, reported, reported_near

NAME = "generic"
# a record is offered, and a line read, only when it holds one of these (lowercase): every
# wording the patterns below read has one; scanner triggers stay the catalogue's
KEYS = ("out of", "out-of", "outofmemory", "oom", "enough", "insufficient", "exhausted", "heap space", "limit",
        "exceed", "available ram", "memorypressure", "low memory", "low on", "alloc_failed", "fail",
        "to allocate", "not allocate", "t allocate", "be allocated", "allocation", "alloc fail", "over its",
        "over the", "than is avail", "than are avail", "than avail", "than currently avail", "out_of_", "outof",
        "allocfailed", "sigkill", "signal 9", "signal: 9", "signal: killed", "kill signal", "killed signal",
        "but only", "status_memory", "is full", "bad alloc", "died", "crashed", "abruptly", "unexpectedly",
        "fit ", "too large", "too big", "requested=", "required=", "needed=", ", only", "; only", "oomed",
        "oom'd", "ooming", "cache full", "no memory", "exit code", "exitcode", "exit status", "returncode", "return code",
        *(f"{p} {v}" for p in ("to", "t") for v in ("grow", "extend", "expand", "resize", "enlarge", "increase")))
# the catalogue's literals find the records this net reads; these find a worker that died with no error of its
# own and a memory limit named by its enforcer, which no family's literal holds
TRIGGERS = (TriggerGroup("generic-died", ("terminated abruptly", "exited unexpectedly", "stopped unexpectedly",
                                          "died unexpectedly", "workers died", "ernel crashed", "ernel died",
                                          "appears to have died", "memory limit of", "signal: killed",
                                          "xit code: -9", "xit code -9", "xitcode=-9", "eturncode=-9", "xit status -9"), before=2, after=4),)
LINE_TRIGGERS = ()
KINDS: dict[str, str] = {}     # it emits the kinds of the families it stands in for
FACTS = {"generic_text": "the sentence that said memory ran out (a wording no catalogue entry knows)"}
SIGNATURE = "generic-out-of-memory"
NEAR = 400      # lines: a failure printed just before is what this sentence repeats

# a need compared with what is there: `requires more system memory (46.3 GiB) than is available (29.8 GiB)`
_MORE_THAN = r"more\s+(?:[\w/]+\s+){0,2}?memory\s+(?:\([^)]{0,40}\)\s+)?than\s+(?:is\s+|are\s+)?(?:currently\s+)?available"
# allocation-failure status names in any API's style: VK_ERROR_OUT_OF_DEVICE_MEMORY, CL_MEM_OBJECT_ALLOCATION_FAILURE,
# miopenStatusAllocFailed, MTLCommandBufferErrorOutOfMemory, cudaErrorMemoryAllocation
# (each alternative starts on a literal, not on every letter: the net reads many lines)
_STATUS_NAMES = (r"(?-i:(?<=[A-Z])_(?:OUT_OF_(?:[A-Z]+_)?MEMORY|OUTOFMEMORY|ALLOC(?:ATION|ATOR)?_FAIL(?:ED|URE))\b"
                 r"|(?<=[a-z])_status_memory_error\b"      # rocBLAS / rocSOLVER: failed internal memory allocation
                 r"|(?<=[a-z])(?:Error|Status|Result)?(?:OutOf(?:Device|Host)?Memory|Alloc(?:ation)?Failed)\b"
                 r"|(?<=[a-z])ErrorMemoryAllocation\b)")
# a need set against a smaller amount there: `allocation of 8.00 GiB exceeds the available 6.21 GiB`, `requires
# 38.4 GiB of GPU memory but only 22.1 GiB is free`
_SIZED = r"\d[\d,.]*\s*(?:[KMGT]i?B|bytes)"
_NEED_OVER_HAVE = (r"\b(?:allocat\w*|request\w*|need\w*|requir\w*)\s+(?:of\s+)?" + _SIZED + r"\s+exceeds?\s+(?:the\s+)?"
                   r"(?:available|free|remaining)\b"
                   r"|\b(?:need\w*|requir\w*)\s+" + _SIZED + r"\b.{0,40}?(?:\bbut|[,;])\s*only\s+"
                   + _SIZED + r"\s+(?:is\s+|are\s+)?(?:free|available|left)\b"
                   # a count over what is there (`Requested number of KV cache blocks (5120) exceeds the available ...`)
                   r"|\b(?:request\w*|requir\w*|need\w*)\b[^.;]{0,60}?"
                   r"\b(?:memory|kv[\s_-]?cache|cache\s+blocks?|blocks|pages)\b"
                   r"[^.;]{0,40}?\bexceeds?\s+(?:the\s+)?(?:available|free|remaining)\b")
# a memory limit the process went over: the limit's enforcer stopped it
_LIMIT_EXCEEDED = (r"memory\s+limit\s+(?:of\s+[\d.]+\s*\w+\s+)?exceeded|exceeded\s+(?:its\s+|the\s+|their\s+)?memory\s+limit"
                   r"|exceed(?:s|ed|ing)?\s+(?:its\s+|the\s+|their\s+)?memory\s+budget"
                   r"|(?:gone|went)\s+over\s+(?:its\s+|the\s+)?(?:[\w-]+\s+)?memory\s+limit"
                   # a limit named by its option, exceeded (`restarted because it exceeds --max-memory-restart value`)
                   r"|exceed(?:s|ed|ing)\s+(?:the\s+)?--?[\w-]*mem\w*[\w-]*\s+(?:value|limit)")
# a KV cache too small or used up, in an engine's words (`Not enough KV cache blocks to allocate ...`, `KV cache pool is
# exhausted`); a scheduler that preempts or retracts on it recovers (see _RECOVERED)
_KV_SHORT = (r"(?:not|no|isn't)\s+enough\s+(?:free\s+|available\s+)?kv[\s_-]?cache\b"
             r"|insufficient\s+(?:free\s+)?kv[\s_-]?cache\b"
             r"|\bno\s+(?:free|available)\s+kv[\s_-]?cache\s+(?:blocks?|pages?|slots?|space)\b"
             r"|\bkv[\s_-]?cache(?:\s+(?:pool|blocks))?\s+(?:is\s+|was\s+|has\s+been\s+)?exhausted\b"
             # ... or full (`failed to decode the batch: KV cache is full`), unless preempted or retried (_RECOVERED)
             r"|\bkv[\s_-]?cache(?:\s+(?:pool|blocks))?\s+(?:is\s+|was\s+|has\s+become\s+)?full\b"
             # ... or memory short for one (`Insufficient memory to allocate KV-caches. Required: N, Available: M`)
             r"|\b(?:not\s+enough|insufficient|no)\s+(?:[\w/]+\s+){0,2}?memory\s+(?:left\s+|available\s+)?"
             r"(?:to\s+(?:allocate|hold|store)|for)\s+(?:the\s+|a\s+|any\s+)?kv[\s_-]?caches?\b")
_RAN_OUT = lazy(
    r"(?i)out[ -]of[ -](?:[\w/]+[ -]){0,2}?(?:memory|vram|hbm)\b|\bOutOfMemory|(?<![A-Za-z_])OOM(?:Killed|[ -]?kill\w*)?(?![a-z])"
    r"|(?<![A-Za-z_])OOM(?:ed|'d|ing)\b"        # OOM as a verb (`rollout worker 7 OOMed during generate`)
    r"|" + _KV_SHORT +
    r"|TaskOOM|(?<![A-Za-z_])oom[-_ ]kill|earlyoom"
    r"|(?:not|no|isn't|is\s+not)\s+enough\s+(?:[\w/]+\s+){0,2}?(?:memory|vram|hbm)|insufficient\s+(?:[\w/]+\s+){0,2}?(?:memory|vram|hbm)"
    r"|\b(?:memory|vram|hbm)\s+is\s+full\b"        # VRAM and HBM are a device's memory by name
    r"|memory\s+(?:isn't|is\s+not|not)\s+enough|\blow\s+(?:on\s+)?memory\b|low\s+on\s+resource:\s*memory"
    r"|(?:memory|heap|ram)\s+(?:\w+\s+)?exhausted|\bmemory\s+size\s+of\s+\d+\s*\w*\s+exhausted|RESOURCE_EXHAUSTED|heap\s+space"
    r"|\bexceed\w*\s+.{0,40}?\b(?:memory|mem|h_vmem|vmem|rss|hbm|vram)\b|\b(?:memory|mem|h_vmem|vmem|rss|hbm|vram)\b.{0,40}?exceed\w*"
    r"|over\s+(?:its\s+|the\s+)?(?:[\w-]+\s+)?memory\s+limit|all\s+available\s+(?:RAM|memory)|MemoryPressure"
    r"|\bout\s+of\s+swap\b|fail\w*\s+to\s+reclaim\s+(?:\w+\s+)?memory|\bbad\s+allocation\b"
    r"|(?-i:\b[A-Z]+(?:_STATUS)?_ALLOC_FAILED\b)"      # cuFFT / cuSOLVER / cuBLAS / cuRAND status codes
)
# rarer wordings, searched only when a line holds one of their stems (every alternative costs on every line)
# memory said too short for a need (`Not enough memory left.`, `not enough memory for command submission`)
_SHORT_OF = lazy(r"(?i)\b(?:not|isn't|is\s+not)\s+enough\s+(?:[\w/]+\s+){0,2}?memory\b")
# ... which a program that fell back or skipped the step reports as a warning, not a failure
_FELL_BACK = lazy(r"(?i)\bfall(?:ing|s)?\s*back\b|\bfell\s+back\b|\binstead\b|\bskip\w*|\bdisabl\w*|\breduc\w*")
_LIMIT_EXCEEDED_RE = lazy(r"(?i)" + _LIMIT_EXCEEDED)
_KEY_VALUE = lazy(r"[:=]\s*\d$")
# something that cannot fit in a memory (`Impossible to fit in any sequence in kvCache`, `the model does not fit into
# GPU memory`), or a request too large for what holds it (`model request too large for system`)
_NO_FIT = (r"(?:impossible|unable|cannot|can't|can\s*not|could\s+not|couldn't|does\s+not|doesn't|did\s+not|won't|will\s+not"
           r"|too\s+(?:large|big|long)\s+to)\s+(?:to\s+)?fit\b.{0,40}?\b(?:in|into|within|on)\s+(?:the\s+|any\s+|its\s+)?"
           r"(?:(?:gpu|device|host|cpu|system|available|free|remaining)\s+)?(?:memory|kv[\s_-]?cache|vram|hbm|ram|gpu)\b")
_TOO_LARGE = (r"\btoo\s+(?:large|big)\s+for\s+(?:the\s+|this\s+)?(?:system|device|gpu|host|memory|vram|ram"
              r"|available\s+memory)\b")
_RAN_OUT_RARE = lazy(r"(?i)" + _MORE_THAN + "|" + _STATUS_NAMES + "|" + _NEED_OVER_HAVE + "|" + _NO_FIT + "|" + _TOO_LARGE)
_RARE_STEMS = ("than", "out_of_", "outof", "allocfailed", "alloc_fail", "allocation_fail", "memoryallocation",
               "exceeds", "but only", ", only", "; only", "allocator_fail", "status_memory", "fit ", "too large",
               "too big")
# a need and what is there, printed as key-values (`requested="5.3 GiB" available="4.8 GiB"`): short when need > have
# (or in words: `needs 1.27 GB, 0.84 GB left on cuda:1`)
_NEED_KV = lazy(r"(?i)\b(?:requested|required|needed|needs?|requires?)\W{0,3}(\d[\d,]*(?:\.\d+)?)\s*([KMGT]i?B|bytes)\b")
_HAVE_KV = lazy(r"(?i)\b(?:available|free)\W{0,3}(\d[\d,]*(?:\.\d+)?)\s*([KMGT]i?B|bytes)\b"
                r"|(\d[\d,]*(?:\.\d+)?)\s*([KMGT]i?B|bytes)\s+(?:free|available|left)\b")
# wordings that are a failure by themselves (a line printing them is reporting one)
_SELF_FAILING = lazy(r"(?i)out[ -]of[ -](?:[\w/]+[ -]){0,2}?memory|\bOutOfMemory|TaskOOM|OOMKilled|oom[-_ ]kill"
                     r"|_ALLOC_FAILED|low\s+on\s+resource:\s*memory|had\s+condition:\s*\[MemoryPressure\]|" + _MORE_THAN
                     + "|" + _STATUS_NAMES + "|" + _LIMIT_EXCEEDED)
# a request refused as too large for what holds it is a failure, also at warning level, unless it was placed elsewhere
_TOO_LARGE_RE = lazy(r"(?i)" + _TOO_LARGE)
_PLACED_ELSEWHERE = lazy(r"(?i)\boffload\w*|\bspill\w*|\bpartial\w*|\bsplit\w*")
# a KV cache (vLLM, SGLang, TensorRT-LLM, llama.cpp) something cannot fit in is a sizing of its own, not the device's
# memory running out (an allocation that failed for a KV cache is the device's)
_NO_FIT_RE = lazy(r"(?i)" + _NO_FIT)
_KV_SHORT_RE = lazy(r"(?i)" + _KV_SHORT)
_KV_OVER = lazy(r"(?i)\b(?:request\w*|requir\w*|need\w*)\b[^.;]{0,60}?\bkv[\s_-]?cache\b[^.;]{0,60}?"
                r"\bexceeds?\s+(?:the\s+)?(?:available|free|remaining)\b")
_KV_CACHE = lazy(r"(?i)\bkv[\s_-]?caches?\b|(?<![a-z])kvcache\b|\bcache\s+blocks?\b|\bKV\s+(?:pool|blocks?)\b")
# an allocation that failed counts when the line also names memory, a size or a GPU library
_ALLOC_FAILED = lazy(
    r"(?i)fail(?:ed|ure)?\s+to\s+(?:pre-?)?allocate|fail(?:ed|ure)?\s+to\s+reserve|"
    # a pool or region that could not grow (`Failed to increase the shared memory pool size ... to N bytes`)
    r"(?:fail(?:ed|ure)?\s+to|cannot|can't|could\s+not|unable\s+to)\s+(?:increase|grow|extend|expand|enlarge|resize)\b"
    r"|(?:cannot|can't|could\s+not|unable\s+to)\s+(?:be\s+)?allocate"
    r"|could\s+not\s+be\s+allocated|alloc(?:ation)?[ _]?fail(?:ed|ure)?"
    r"|allocation\s+(?:\([^)]{0,20}\)\s+)?(?:of\s+.{0,40}?)?failed"     # `Native memory allocation (mmap) failed`
    # an allocating call reported failed by its name (`vkAllocateMemory failed -2`, `hipMalloc failed`)
    r"|\b[a-z_]*alloc\w*(?:\(\))?\s+failed\b"
    # one buffer over the device's per-allocation cap (Metal's maximum buffer length, OpenCL's max alloc size)
    r"|allocat\w*\s+\d[\d,.]*\s*(?:bytes|[KMGT]i?B)?\s+(?:which\s+is\s+)?(?:greater|larger|more)\s+than\s+(?:the\s+)?max"
)
_MEMORY_OR_SIZE = lazy(r"(?i)memory|\bmem\b|devmem|buffer|tensor|workspace|\bmalloc\b|\bregion\b|\d\s*(?:[KMGT]i?B|bytes|kb|mb|gb)\b"
                       r"|size\W{0,3}\d|\bcu(?:blas|blaslt|dnn|fft|solver|rand|sparse)\b"
                       # a call named for memory (`NvRmMemAlloc`, `cuMemAlloc`); a device's allocation (`CUDA allocation`)
                       r"|mem_?alloc|\b(?:cuda|hip|gpu|device)\s+allocation\b")
_FAILURE = lazy(
    r"(?i)[\w.]*(?:Error|Exception|Exhausted|Failure)\b|\b(?:error|errors|failed|failure|fatal|killed|kill|"
    r"killing|crash(?:ed)?|abort(?:ed)?|terminated|evicted|exited|held|hold|cannot|unable|sigkill|sigterm|"
    r"panic|oomkilled|restart(?:ing|ed))\b"    # a process restarted for its memory was stopped
)
# a config key (`memory_limit: 8`) hedges; a memory report printed with the failure (`free memory: 120 MB`,
# `- Requested memory: 6.94GB`) does not
_NOT_A_REPORT = "".join(rf"(?<!{w} )" for w in ("free", "available", "used", "total", "peak", "remaining",
                                                 "current", "requested", "reserved", "allocated"))
# hedges, advice, negations and option or config names: said of the clause that holds the wording
_HEDGE = lazy(
    r"(?i)\b(?:may|might|could(?!\s+not)|would(?!\s+(?:use|need|require|take|allocate)\b)|should|to\s+avoid|avoid(?:ing|s)?|prevent\w*|if|in\s+case|"
    r"consider|recommend\w*|suggest\w*|try(?:ing)?\s+(?:to(?!\s+allocate)|setting|reducing|lowering|increasing|using)|tips?|"
    r"hint|usage:|help|default:|whether|such\s+as|e\.g\.|for\s+example|assuming|unless|"
    r"usually|often|typically|commonly|generally)\b"      # a generality (`OOM at start-up usually means ...`)
    # a release note or commit naming a fixed OOM (`- Fixed: CUDA out of memory in ...`, `3f9c2a1 Fixes an OOM`);
    # not `fixed` the adjective (`failed to allocate fixed pool ...: out of memory`)
    r"|(?:^\W*|^[0-9a-f]{7,40}\s+)fix(?:ed|es)?\b|\bfix(?:ed|es)?\s*:"
    r"|\b(?:0|zero)\s+(?:workers?|tasks?|processes|pods?|containers?|times)\b"   # `0 Workers ... killed`
    r"|^-{1,2}[\w-]+\s"                                                       # an option's help line
    r"|\bno\s+(?:OOM|out[ -]of[ -]memory)|without\s+(?:an?\s+)?(?:OOM|running\s+out)|(?:didn't|did\s+not|won't)\s+"
    r"(?:OOM|run\s+out)|--[\w-]*(?:oom|memory)|oom_score|oom_kill_disable|\w_oom\b|\boom_\w|" + _NOT_A_REPORT +
    r"\b\w*memory\w*\s*[:=]\s*\d"
    # a kernel's on-chip scratch (TPU vmem / smem): a compiler limit set by block shapes, not device memory
    r"|\bmemory\s+space\s+(?:vmem|smem|sflag|semaphore|cmem)\b"
    # ... as is a GPU kernel's shared memory per block (XLA's Triton emitter: `Shared memory size limit exceeded:
    # requested N, available: M`): a tiling too big for the SM, not /dev/shm nor device memory
    r"|\bshared\s+memory\s+size\s+limit\b|\bshared\s+memory\s+per\s+(?:block|SM|multiprocessor)\b"
    # a kubelet's admission reason, `OutOf` + a resource's lower-case name (OutOfmemory, OutOfcpu, OutOfpods):
    # the pod was refused before it ran; a program's own wording is OutOfMemory
    r"|(?-i:\bOutOf[a-z])"
)
# a shell or REPL prompt: `$ cmd`, `>>> expr`, `PS C:\\dir> cmd`, `user@host:~/dir$ cmd`, `(venv) user@host dir % cmd`
_PROMPT = lazy(r"(?:\([\w.-]+\)\s+)?(?:\$|>>>|PS\s+[A-Za-z]:\\[^>]*>|[\w.-]+@[\w.-]+[:\s][^\s$#%]*\s?[$#%])\s")
_CLAUSE = lazy(r"(?<=[.!?;])\s+(?=\S)|\s+\|\s+")
# advice after a dash: it hedges only itself when what comes before says a failure (`failed to decode the batch: KV
# cache is full - try increasing it via the context size`), not a bare condition (`TCP: out of memory -- consider
# tuning tcp_mem`, a kernel's hint)
_ADVICE_TAIL = lazy(r"\s+[-\u2013\u2014]+\s+(?=(?i:try|consider|please|you\s+(?:can|may|might|should|could))\b)")
# an OOM the program caught and went on from is no failure (said anywhere on the line); a retry that
# failed too (`cudaMalloc retry failed: out of memory`) is the failure
_RECOVERED = lazy(r"(?i)\b(?:caught|retry\w*(?!\s+(?:failed|exhausted))|recover\w*|retract\w*|preempt\w*)\b"
                  r"|\bis\s+not\s+(?:a|an)\s+(?:failure|error)\b"     # `... this is not a failure, but ...`
                  # ... or answered by what the program will do next (Composer's `Train microbatch size will be
                  # decreased from 16 -> 8.`, `the batch will be retrained`): an adaptation, not a stop
                  r"|\bwill\s+be\s+(?:decreased|reduced|halved|lowered|retried|retrained|split|redone)\b"
                  # ... or by a fall-back it took (`pin_memory thread got out of memory, falling back to pageable`)
                  r"|\b(?:fall(?:ing|s)?|fell)\s+back\s+to\b"
                  # ... or declared harmless by its writer (TF's `Failed to allocate memory for convolution redzone
                  # checking; skipping this check. This is benign ...`): an optional step dropped, not a stop
                  r"|\b(?:is|are|was)\s+(?:benign|harmless)\b|\bcan\s+(?:be\s+)?(?:safely\s+)?(?:be\s+)?ignored\b"
                  r"|\bsafe(?:ly)?\s+(?:to\s+)?ignor\w*|\bskipping\s+(?:this|the)\s+(?:check|optimi[sz]ation|warm-?up)\b")
# a request refused before anything ran (a kubelet's admission, a scheduler, a quota): nothing ran out
# (`Reason: OutOfmemory` beside `Pod was rejected: Node didn't have enough resource: memory`)
_REFUSED = lazy(r"(?i)\bpod\s+was\s+rejected\b|didn't\s+have\s+enough\s+resource|\bexceeded\s+quota\b|FailedScheduling"
                r"|\bUnschedulable\b|\binfeasible\b"
                # a mapping the OS refused by policy (cffi's `Cannot allocate write+execute memory`, SELinux / W^X)
                r"|write\s*\+\s*execute\s+memory|\bexecutable\s+memory\b"
                # pages locked in RAM over RLIMIT_MEMLOCK (mlock(2)'s ENOMEM, `Cannot allocate memory`): a limit on
                # pinning, the memory is there
                r"|\bmlock\w*|\bmemlock\b|RLIMIT_MEMLOCK|ulimit\s+-l\b")
# ... unless said not to happen (`no request can be retracted`, `could not recover`)
_NOT_RECOVERED = lazy(r"(?i)\b(?:no|not|cannot|can't|unable\s+to|failed\s+to|nothing)\b[^.;]{0,30}?"
                      r"\b(?:retract|recover|preempt)\w*")
# RESOURCE_EXHAUSTED is absl's / gRPC's status for any resource: when nothing else on the line says memory and the
# record names another resource (a quota, a rate limit: `HTTP 429 Too Many Requests`, gRPC's message-size cap:
# `StatusCode.RESOURCE_EXHAUSTED` / `Received message larger than max`), it is not memory
# (gRPC's enum, `StatusCode.RESOURCE_EXHAUSTED`, is memory only when its record says so)
_MEMORY_WORD = lazy(r"(?i)memory|\balloc|\boom\b|\bbytes\b|[KMGT]i?B\b")
_EXHAUSTED_STATUS = lazy(r"(?i)\b(?:StatusCode\.)?RESOURCE_EXHAUSTED\b")
_OTHER_RESOURCE = lazy(r"(?i)\bquotas?\b|\brate[\s_-]?limit|\btoo\s+many\s+requests\b|\bHTTP\s*(?:status\s*)?429\b"
                       r"|\bmessage\s+larger\s+than\s+max|\bmax(?:imum)?\s+(?:receive|send)\s+message|\bgrpc_status:\s*8\b"
                       r"|\brequests?\s+per\s+(?:second|minute|hour|day)\b|\btokens?\s+per\s+min")
# pinned (page-locked) host memory is a staging optimisation most libraries fall back from (ggml's
# `failed to allocate N MiB of pinned memory: out of memory`): a failure only when raised or logged as an error
_OPTIONAL = lazy(r"(?i)\b(?:pinned|page-locked)\s+(?:host\s+)?memory\b")
_RAISED = lazy(r"\b\w*(?:Error|Exception):")
_LINK = lazy(r"\S*[/#]\S*[#/]\S*|https?://\S+|\S+\.(?:md|html?|rst)\S*")
_WARNING_LEVELS = ("WARNING", "WARN", "INFO", "DEBUG")
# which memory: /dev/shm; words only the host's limits and killers use; device words; other host words
_SHM = lazy(r"(?i)/dev/shm|shared\s+memory|\bshm\b")
_HOST_STRONG = lazy(r"(?i)h_vmem|(?<!/)\bjob\b(?!:)|\b(?:cgroup|memcg|(?<!gpu\s)(?<!device\s)heap|jvm|java|RAM|container|pod|evicted|rss|vmrss|swap|"
                    r"session|notebook|earlyoom|oomkilled|taskoom|memorypressure|restart(?:ing|ed))\b|oom[-_ ]kill|memory\s+limit"
                    # the device named is the CPU (`device:CPU:0 by allocator cpu`); C++'s operator new (`bad allocation`)
                    r"|device:CPU\b|\ballocator\s+cpu\b|\bbad\s+allocation\b")
_GPU = lazy(r"(?i)\b(?:cuda\w*|gpu|device|hbm|vram|hip|rocm|npu|xpu|mps|tpu|cu(?:blas\w*|dnn|fft|solver|rand|sparse)|"
            r"nccl|triton|tensorrt\w*|onnxruntime|devmem|accelerator|ascend|habana|gaudi|metal|xla|jax|tensorflow)\b"
            r"|_ALLOC_FAILED")
# (host allocators, the OS and quotas are host memory unless a device word says whose: `[metal::malloc]`)
_HOST = lazy(r"(?i)\b(?:host|cpu|system\s+memory|for\s+(?:the\s+)?system|node|slurm|pbs|condor|sge|kernel|replica|executor|limit|sigkill|"
             r"quota|malloc|calloc|realloc|mmap)\b|OUT_OF_HOST_MEMORY|OutOfHostMemory|\b(?:OS|virtual)\s+memory"
             # programs and language runtimes that run on the host only (their own OOM wording names them)
             r"|(?-i:\b(?:PHP|php|Ruby|ruby|Perl|perl|Octave|octave|Bazel|bazel|Gradle|gradle|Maven|Erlang|erts|"
             r"Redis|redis|ClickHouse|Postgres\w*|MySQL|mysqld|Elasticsearch|Flink|Kafka|Netty|netty)\b)")
_SIZE = lazy(r"(?i)(?:allocat\w*|size|requested|request|requires?|needs?)\D{0,30}?(\d[\d,]*(?:\.\d+)?)\s*"
             r"(bytes|[KMGT]i?B|kb|mb|gb)\b")
# a memory exception class named anywhere on a log line (`raised unexpected: OutOfMemoryError("OOM command ...")`,
# `error_class=NoMemoryError`): a runtime's own, when no device is named in its record
# (as a value, `=Class`, or constructed, `Class(...)`: a bare class name heads IPython's traceback of any error)
_MEMORY_EXCEPTION = lazy(r"=(?:[a-z_]\w*\.)*(?:OutOfMemory|NoMemory|Memory)(?:Error|Exception)\b"
                         r"|(?<![\w.])(?:[a-z_]\w*\.)*(?<!torch\.)(?:OutOfMemory|NoMemory|Memory)(?:Error|Exception)\(")
_STATUS_NAME = lazy(_STATUS_NAMES)     # (an API's status name, `rocdnnStatusAllocFailed`: an accelerator library's style)
# a runtime's or a non-ML library's own exception class (RangeError, System.*Exception, OSError, ParserError,
# psycopg2.errors.OutOfMemory); a plain RuntimeError is what ML frameworks raise for their devices
_RUNTIME_EXCEPTION = lazy(r"^\s*(?!(?:builtins\.)?(?:RuntimeError|AssertionError|Exception|Error)\b)"
                          r"(?:[\w.]+\.)?\w*(?:Error|Exception|OutOfMemory)\b:|\bUnhandled\s+exception\b")
_NEIGHBOURS = 3     # lines around the wording where the failure may be said (`Reason: Evicted`)
# a process reported killed by SIGKILL, in any supervisor's wording (`return code Negsignal.SIGKILL`,
# `exited with 'signal 9 (SIGKILL)'`, `signal: killed`, `Killed signal terminated program`): the OOM killer's
# signal, a `possible` host kill as the catalogue's own SIGKILL families
_SIGKILLED = lazy(r"(?i)\bSIGKILL\b|\bsignal[:\s]+9\b|\bsignal:\s*killed(?-i:(?![a-z_]))|\bkill(?:ed)?\s+signal\b"
                  # a child's exit code -9 is Python's (multiprocessing, subprocess) way to say SIGKILL
                  r"|\b(?:exit\s*(?:code|status)|exitcode|return\s*code|returncode)\W{0,3}-9\b")
# ... unless the line names another sender: a timeout, a cancellation, a preemption, a supervisor escalating
_OTHER_KILLER = lazy(r"(?i)time[ds]?\s*out|timeout|time\s+limit|deadline|cancel\w*|preempt\w*|\bby\s+(?:the\s+)?user\b"
                     r"|manual\w*|\bsend(?:s|ing)?\s+(?:a\s+)?SIGKILL|escalat\w*|SIGTERM|graceful\w*|shutdown|shutting\s+down"
                     r"|\bstop(?:ped|ping)?\b|--force|kill\s+-9|segfault|SIGSEGV|core\s+dumped")
# a worker, kernel or driver that died with no error of its own (`A process in the process pool was terminated
# abruptly`, `DataLoader worker (pid(s) N) exited unexpectedly`, `all those workers died while running it`, `The
# Kernel crashed while executing code`, `The spark driver has stopped unexpectedly`): what the OOM killer leaves
_DIED = lazy(r"(?i)\b(?:worker|process|kernel|driver|executor|runner|child|subprocess|replica)(?:e?s)?\b[^.;:]{0,80}?"
             r"\b(?:died|crashed|terminated\s+abruptly|(?:exited|stopped|terminated|died)\s+unexpectedly|"
             r"appears\s+to\s+have\s+died)\b")
# ... unless the record names what else killed it (a native crash, a Python error in the worker, an exit status)
_CRASHED_OTHERWISE = lazy(r"(?i)segmentation|segfault|SIGSEGV|SIGABRT|SIGBUS|bus\s+error|core\s+dumped|illegal|"
                          r"(?:because\s+of|due\s+to)\s+an?\s+(?:error|exception)|error\s+raised|"
                          r"\bCaught\s+\w+(?:Error|Exception)\b|exit\s*(?:code|status)[:\s]+[1-9]\d?\b(?!\d)")
# ... where `signaled to shutdown` / `to terminate` says what the signal did (TGI's `Shard process was signaled to
# shutdown with signal 9`), not that a shutdown sent it
_SIGNALLED_TO = lazy(r"(?i)\bsignall?ed\s+to\s+(?:shut\s*down|stop|terminate|exit)\b")
_KILL_KEYS = ("sigkill", "signal", "kill signal", "killed signal", "died", "crashed", "abruptly", "unexpectedly", "-9")
# a condition, not an event: `SIGKILL when mem <= 5.00%` (a killer's configured threshold)
_CONDITION = lazy(r"(?i)\bwhen(?:ever)?\b|[<>]=|≤|≥|\bthreshold")
KILL_SIGNATURE = "generic-sigkill"


def parse(record: Record) -> list[Event]:
    if reported(record) or reported_near(record, NEAR):
        return []      # reported already, or the sentence repeats (follows from) a failure just before
    line = _ran_out_line(record)
    if line is None:
        return _sigkilled(record)
    if discarded_choice(record):
        return []      # (an autotuner logged it for a candidate kernel it then dropped)
    memory, kind = ("host", "host_oom_kill") if record.source.kind == "kernel" else _memory(record.text, line)
    # (a KV cache is the engine's whatever class of exception says so: `ValueError: insufficient KV cache ...`)
    no_fit = (_NO_FIT_RE.search(line) or _KV_SHORT_RE.search(line) or _KV_OVER.search(line)) if memory != "shm" else None
    if no_fit is not None and _KV_CACHE.search(no_fit.group(0)):
        memory, kind = "kv-cache", "vllm_kv_cache_insufficient"     # (`Impossible to fit ... in kvCache`)
    facts: dict = {}
    m = _SIZE.search(line)
    if m:
        facts["requested_bytes"] = to_bytes(m.group(1).replace(",", ""), m.group(2))
    if memory == "gpu":
        from .pytorch import phase_of

        facts.update(phase_of(record))
    ev = event(kind, record, facts, text=line[:2000])
    # the catalogue's default entry for the kind would claim a wording it never read
    ev.facts.update(signature=SIGNATURE, memory=memory, certainty="likely", generic_text=line[:300])
    return [ev]


def _sigkilled(record: Record) -> list[Event]:
    """A supervisor's report that a process died of SIGKILL, in a wording no family knows, or that a worker
    died with no error of its own."""
    for ln in record.lines:
        t = ln.text.strip()
        low = t.lower()
        if not any(k in low for k in _KILL_KEYS):
            continue
        if t.startswith(("File \"", "^", "~")) or _PROMPT.match(t):
            continue
        text = record.text
        if not _SIGKILLED.search(t):
            died = _DIED.search(t)
            if died is None or _CRASHED_OTHERWISE.search(text) or (record.kind == "traceback" and ln.text[:1] in " \t"):
                continue    # (a traceback's indented lines are its source code)
            # `stopped unexpectedly` names no stopper; a traceback's code (`get(timeout=...)`) names none either
            text = "\n".join(x.text for x in record.lines if not (x.text[:1] in " \t" or x.text.lstrip().startswith(
                "File \""))).replace(died.group(0), " ")
        # hedged is the clause that says it (`... all those workers died. Inspecting worker logs is often a
        # good next step` is a death and then advice)
        said = _LINK.sub(" ", t)
        said = next((c for c in _CLAUSE.split(said) if _SIGKILLED.search(c) or _DIED.search(c)), said)
        if _HEDGE.search(said) or _CONDITION.search(t) or _OTHER_KILLER.search(_SIGNALLED_TO.sub(" ", text)):
            continue
        ev = event("process_killed", record, {"signal": 9}, text=t[:2000])
        ev.facts.update(signature=KILL_SIGNATURE, memory="host", certainty="possible", generic_text=t[:300])
        return [ev]
    return []


def _ran_out_line(record: Record) -> str | None:
    """The first line of `record` that states, unhedged, that memory ran out as a failure."""
    lines = record.lines
    for i, ln in enumerate(lines):
        t = ln.text.strip()
        if not t or t.startswith(("File \"", "^", "~")) or len(t) > 4000:
            continue
        low = t.lower()
        if not any(stem in low for stem in KEYS):
            continue        # a plain substring test first: metric lines say `memory_allocated` a lot
        if _PROMPT.match(t):
            continue        # a command the user typed (`$ journalctl -k | grep -e oom -e Killed`) reports nothing
        # a path or link (`docs/faq.md#out-of-memory`) says nothing ran out
        said = _LINK.sub(" ", t)
        head = _ADVICE_TAIL.split(said, 1)[0]
        if head != said and _FAILURE.search(head):
            said = head
        clause = next((c for c in _CLAUSE.split(said) if _said(c)), None)
        if clause is None or _hedged(clause) or (_RECOVERED.search(t) and not _NOT_RECOVERED.search(t)):
            continue
        if _OPTIONAL.search(clause) and ln.level not in ("ERROR", "FATAL", "CRITICAL") and not _RAISED.search(t):
            continue
        if t.endswith(":") and i + 1 < len(lines) and _said(lines[i + 1].text):
            continue        # a status heading its report (`RESOURCE_EXHAUSTED: From ...:`): the report says it
        if i and _continues_hedged(lines[i - 1].text, ln.text):
            continue        # the hedged sentence of the line before goes on here
        near = lines[max(0, i - _NEIGHBOURS):i + _NEIGHBOURS + 1]
        if any(_REFUSED.search(n.text) for n in near):
            continue
        if "RESOURCE_EXHAUSTED" in clause.upper() and not _said(_EXHAUSTED_STATUS.sub(" ", clause)) and (
                any(_OTHER_RESOURCE.search(n.text) for n in near)
                or ("StatusCode." in clause and not _MEMORY_WORD.search(_EXHAUSTED_STATUS.sub(" ", record.text)))):
            continue        # the status said of a quota, a rate limit or a message-size cap, not of memory
        if _SELF_FAILING.search(clause) or ln.level in ("ERROR", "FATAL", "CRITICAL"):
            return t
        if _TOO_LARGE_RE.search(clause) and not _FELL_BACK.search(t) and not _PLACED_ELSEWHERE.search(t):
            return t        # `model request too large for system`: refused, whatever the level
        if _SHORT_OF.search(clause) and ln.level not in _WARNING_LEVELS and not _FELL_BACK.search(t):
            return t        # `Not enough memory for command submission.`: said as a failure unless a warning
        if _FAILURE.search(t):
            return t
        # the failure said around it (`Reason: Evicted`), unless this line is a warning's own
        if ln.level not in _WARNING_LEVELS and any(_FAILURE.search(n.text) for n in near):
            return t
    return None


def continues(text: str, nxt: str) -> bool:
    """Claim the next line of a wrapped, hedged paragraph (an option's help, a docstring): its sentence goes on
    there, so the hedge is read with it (`_continues_hedged`)."""
    if nxt[:1] not in (" ", "\t") or text.count("\n") >= 8:
        return False        # cheap gate: offered every line of every open one-line record
    return _continues_hedged(text[text.rfind("\n") + 1:], nxt)


def _continues_hedged(prev: str, line: str) -> bool:
    """`line` goes on with the sentence of `prev`, which is hedged: a lower-case start, or a wrapped paragraph (both
    indented alike, `prev` unfinished: an option's help or a docstring, `... which can help avoid` / `CUDA
    out-of-memory errors ...`). An exception line never continues a sentence."""
    t, p = line.strip(), prev.strip()
    if not p:
        return False
    if t[:1].islower():
        return _HEDGE.search(prev) is not None
    indent, prev_indent = len(line) - len(line.lstrip()), len(prev) - len(prev.lstrip())
    # (an option's help hangs deeper than its `--flag`)
    aligned = indent == prev_indent or (indent > prev_indent and p.startswith("-"))
    if not indent or not aligned or p.endswith((".", "!", "?", ":", ";", ")")) or _RAISED.search(t):
        return False
    return _HEDGE.search(_CLAUSE.split(p)[-1]) is not None


def _hedged(clause: str) -> bool:
    """A hedge in `clause`; an option or config key (`--max-memory-restart`, `current_memory=N`) does not hedge a
    clause that reports that limit exceeded (its enforcer quoting the setting)."""
    if not _LIMIT_EXCEEDED_RE.search(clause):
        return _HEDGE.search(clause) is not None
    return any(not m.group(0).lstrip().startswith("-") and not _KEY_VALUE.search(m.group(0))
               for m in _HEDGE.finditer(clause))


def _said(clause: str) -> bool:
    return _ran_out(clause) or (_ALLOC_FAILED.search(clause) is not None
                                and _MEMORY_OR_SIZE.search(clause) is not None)


def _ran_out(clause: str) -> bool:
    if _RAN_OUT.search(clause) is not None:
        return True
    low = clause.lower()
    if any(stem in low for stem in _RARE_STEMS) and _RAN_OUT_RARE.search(clause) is not None:
        return True
    return ("avail" in low or "free" in low or "left" in low) and _short_by_numbers(clause)


def _short_by_numbers(clause: str) -> bool:
    """A need printed beside what is there (`requested="5.3 GiB" available="4.8 GiB"`), the need the larger."""
    need, have = _NEED_KV.search(clause), _HAVE_KV.search(clause)
    if need is None or have is None:
        return False
    num, unit = (have.group(1), have.group(2)) if have.group(1) else (have.group(3), have.group(4))
    return to_bytes(need.group(1).replace(",", ""), need.group(2)) > to_bytes(num.replace(",", ""), unit)


def _memory(text: str, line: str) -> tuple[str, str]:
    """(memory class, event kind) from the words of the line, then of the record."""
    if (not _GPU.search(text) and (_RUNTIME_EXCEPTION.search(line) or _MEMORY_EXCEPTION.search(line))
            and not _STATUS_NAME.search(line)
            and not _OPTIONAL.search(line)):       # (pinned memory is the accelerator driver's)
        # a language runtime's or a library's own exception, no device named anywhere in its record (`RangeError:
        # Array buffer allocation failed`, `System.OutOfMemoryException`, `ParserError: ... C error: out of memory`)
        return "host", "host_alloc_failed"
    for hay in (line, text):
        if _SHM.search(hay):
            return "shm", "shm_exhausted"
        device = _GPU.search(hay)
        if _HOST_STRONG.search(hay) or (not device and _HOST.search(hay)):
            killed = any(w in hay.lower() for w in ("kill", "limit", "evict", "exceed", "crash", "terminat",
                                                     "taskoom", "pressure", "sigterm"))
            return "host", "host_oom_kill" if killed else "host_alloc_failed"
        if device:
            return "gpu", "accelerator_oom"
    return "gpu", "accelerator_oom"     # a training job's unspecified memory is its accelerator's
