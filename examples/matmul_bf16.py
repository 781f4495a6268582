"""PyTorch twin of matmul_bf16.mlir: C[M, N] = A[M, K] @ B[K, N] in bfloat16."""
import torch
import torch.nn as nn


class Model(nn.Module):
    """A bfloat16 matrix multiplication (f32 accumulation inside, bf16 result). On a CPU with
    AMX, PyTorch's oneDNN runs it on the tile unit."""

    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return torch.matmul(A, B)


M = 2048
N = 2048
K = 2048


def get_inputs():
    A = torch.randn(M, K).to(torch.bfloat16)
    B = torch.randn(K, N).to(torch.bfloat16)
    return [A, B]


def get_init_inputs():
    return []
