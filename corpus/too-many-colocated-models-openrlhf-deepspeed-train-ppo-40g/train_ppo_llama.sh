set -x

read -r -d '' training_commands <<EOF2
openrlhf.cli.train_ppo \
   --pretrain /home/user/OpenRLHF/examples/scripts/merged_sft_llama3_8b \
   --reward_pretrain /home/user/OpenRLHF/examples/scripts/checkpoint/llama3-8b-rm \
   --save_path ./checkpoint/llama-3-8b-rlhf \
   --save_steps -1 \
   --logging_steps 1 \
   --eval_steps -1 \
   --micro_train_batch_size 2 \
   --train_batch_size 64 \
   --micro_rollout_batch_size 4 \
   --rollout_batch_size 512 \
   --max_epochs 1 \
   --prompt_max_len 1024 \
   --generate_max_len 1024 \
   --zero_stage 2 \
   --bf16 \
   --actor_learning_rate 5e-7 \
   --critic_learning_rate 9e-6 \
   --init_kl_coef 0.01 \
   --prompt_data OpenRLHF/prompt-collection-v0.1 \
   --input_key context_messages \
   --apply_chat_template \
   --max_samples 100000 \
   --normalize_reward \
   --adam_offload \
   --flash_attn \
   --gradient_checkpointing
EOF2

if [[ ${1} != "slurm" ]]; then
    deepspeed --module $training_commands
fi
