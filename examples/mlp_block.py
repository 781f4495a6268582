import torch
import torch.nn as nn

batch_size = 16
seq_len = 512
hidden_size = 1024
intermediate_size = 4096


class Model(nn.Module):
    """Transformer MLP block with residual: x + fc2(GELU(fc1(x))), exact (erf) GELU."""

    def __init__(self, hidden_size: int, intermediate_size: int):
        super().__init__()
        self.fc1 = nn.Linear(hidden_size, intermediate_size)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(intermediate_size, hidden_size)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(self.act(self.fc1(x)))


def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden_size)]


def get_init_inputs():
    return [hidden_size, intermediate_size]
