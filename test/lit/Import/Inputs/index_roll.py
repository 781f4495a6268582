import torch
import torch.nn as nn


class Model(nn.Module):
    """Swin-style reads: advanced indexing, a gather from a reshaped table, roll, and clamp
    with a tensor bound."""

    def __init__(self):
        super().__init__()
        self.register_buffer("rows", torch.tensor([[0, 2], [1, -1]]))  # -1: the last row
        self.register_buffer("cols", torch.tensor([1, 0]))
        self.register_buffer("flat", torch.tensor([[4, 0, 2], [1, 3, 5]]))
        self.scale = nn.Parameter(torch.linspace(-1.0, 3.0, 4).reshape(4, 1))

    def forward(self, x, y, table):
        a = x[self.rows]                          # a leading dim by a 2-D index
        b = y[:, self.cols]                       # a middle dim
        c = y[self.rows, :, self.cols]            # separated dims: the index shape leads
        t = (table * 2.0).view(-1, heads)         # the reshape divides the gathered row
        d = t[self.flat.view(-1)].view(2, 3, -1)
        e = torch.roll(y, shifts=(-2, 3), dims=(1, 2))
        f = torch.clamp(self.scale, max=torch.log(torch.tensor(2.0))).exp()
        return a, b, c, d, e, f


m = 3
n = 5
k = 7
heads = 3


def get_inputs():
    return [torch.randn(m, n), torch.randn(m, n, k), torch.randn(2, 3, heads)]


def get_init_inputs():
    return []
