import torch
import torch.nn as nn


class Model(nn.Module):
    """Cross-entropy loss of logits [batch, classes] against int64 class targets, mean over the batch."""

    def __init__(self):
        super().__init__()
        self.loss = nn.CrossEntropyLoss()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return self.loss(predictions, targets)


batch_size = 4096
num_classes = 10


def get_inputs():
    predictions = torch.randn(batch_size, num_classes)
    targets = torch.randint(0, num_classes, (batch_size,))
    return [predictions, targets]


def get_init_inputs():
    return []
