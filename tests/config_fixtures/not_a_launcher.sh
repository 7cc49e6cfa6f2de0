#!/bin/bash
echo "hello"
ls -la /data
