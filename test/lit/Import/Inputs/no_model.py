import torch

N = 16


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []
