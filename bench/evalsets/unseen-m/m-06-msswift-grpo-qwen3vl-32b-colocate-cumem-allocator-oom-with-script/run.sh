MAX_PIXELS=1048576 \
NNODES=4 \
NODE_RANK=$RANK \
MASTER_ADDR=$MASTER_ADDR \
MASTER_PORT=$MASTER_PORT \
NPROC_PER_NODE=8 \
CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
swift rlhf \
  --rlhf_type grpo \
  --model Qwen/Qwen3-VL-32B-Instruct \
  --train_type full \
  --model_type qwen3_vl \
  --dataset "" \
  --dataset_shuffle true \
  --train_dataloader_shuffle true \
  --external_plugins examples/train/grpo/plugin/plugin.py \
  --reward_funcs external_ui_acc external_ui_format_qwen3 soft_overlong \
  --torch_dtype bfloat16 \
  --attn_impl flash_attn \
  --num_train_epochs 1 \
  --max_length 8192 \
  --per_device_train_batch_size 1 \
  --per_device_eval_batch_size 1 \
  --gradient_accumulation_steps 8 \
  --save_strategy 'steps' \
  --eval_strategy 'no' \
  --eval_steps 500 \
  --save_steps 100 \
  --learning_rate 1e-6 \
  --save_total_limit 1 \
  --logging_steps 1 \
  --warmup_ratio 0.05 \
  --dataloader_num_workers 4 \
  --max_completion_length 1024 \
  --soft_cache_length 600 \
  --num_generations 16 \
  --use_vllm true \
  --vllm_gpu_memory_utilization 0.3 \
  --vllm_max_model_len 8192 \
  --vllm_tensor_parallel_size 4 \
  --deepspeed zero3 \
