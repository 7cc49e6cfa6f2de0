#!/bin/bash
set -x
export VLLM_ATTENTION_BACKEND=XFORMERS
export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128
MODEL=Qwen/Qwen2.5-3B
python3 -m verl.trainer.main_ppo \
    algorithm.adv_estimator=grpo \
    data.train_batch_size=256 \
    data.max_response_length=2048 \
    actor_rollout_ref.model.path=$MODEL \
    actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=8 \
    actor_rollout_ref.rollout.gpu_memory_utilization=0.8 \
    actor_rollout_ref.rollout.n=8 \
    "actor_rollout_ref.rollout.name=vllm" \
    +actor_rollout_ref.rollout.engine_kwargs.vllm.disable_cascade_attn=True \
    trainer.n_gpus_per_node=4 2>&1 | tee train.log
