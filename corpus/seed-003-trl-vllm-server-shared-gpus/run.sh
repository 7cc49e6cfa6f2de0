#!/bin/bash
set -x
# generation server (TP=4)
trl vllm-serve --model Qwen/Qwen2.5-7B-Instruct --tensor_parallel_size 4 &
sleep 90
accelerate launch --config_file recipes/accelerate_configs/zero3.yaml --num_processes 8 \
    src/open_r1/grpo.py --config recipes/Qwen2.5-7B-Instruct/grpo/config_lora.yaml
