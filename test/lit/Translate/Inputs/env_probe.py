# ReLU, with a guard: the reference harness must run without the LLM API key in its
# environment (solar-translate removes it from every subprocess).
import os

import torch
import torch.nn as nn

if os.environ.get("SOLAR_LLM_API_KEY"):
    raise RuntimeError("the API key reached the reference harness")


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x)


batch_size = 16
dim = 16384


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
