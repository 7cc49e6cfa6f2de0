export DEBUG_MODE="true"
export LOG_PATH="./debug_log_3b.txt"
torchrun --nproc_per_node="8" \
    --nnodes="1" \
    --node_rank="0" \
    --master_addr="127.0.0.1" \
    --master_port="12346" \
    src/open_r1/grpo.py \
    --output_dir ./checkpoints/ui-r1-3b \
    --model_name_or_path Qwen/Qwen2.5-VL-3B-Instruct \
    --dataset_name ./data/ui_actions_136.json \
    --deepspeed local_scripts/zero3.json \
    --max_prompt_length 1024 \
    --max_completion_length 256 \
    --per_device_train_batch_size 1 \
    --gradient_accumulation_steps 2 \
    --logging_steps 1 \
    --bf16 \
    --torch_dtype bfloat16 \
    --data_seed 42 \
    --report_to none \
    --gradient_checkpointing false \
    --attn_implementation flash_attention_2 \
    --max_pixels 12845056 \
    --num_train_epochs 8 \
    --run_name ui-r1-3b \
    --save_steps 100 \
    --save_only_model true \
    --num_generations 8
