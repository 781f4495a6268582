"""solar_import: a deterministic importer from a KernelBench-layout PyTorch file to the SOLAR-C
affine dialect. See README.md (design) and EMITTERS.md (adding an op).

    python3 -m solar_import MODEL.py -o OUT.mlir [--small N=V,...] [--entry-sizes real|small] [-v]
"""

__version__ = "0.1.0"
