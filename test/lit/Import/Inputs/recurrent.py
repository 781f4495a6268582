import torch
import torch.nn as nn


class Model(nn.Module):
    """A two-layer LSTM (batch first) feeding a bidirectional GRU, with initial states."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, 2, batch_first=True)
        self.gru = nn.GRU(hidden_size, hidden_size, 1, bidirectional=True)

    def forward(self, x, h0, c0):
        y, (h, c) = self.lstm(x, (h0, c0))
        z, hz = self.gru(y.transpose(0, 1))
        return z, h + c


batch_size = 16
seq_len = 512
input_size = 64
hidden_size = 128


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size), torch.randn(2, batch_size, hidden_size),
            torch.randn(2, batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size]
