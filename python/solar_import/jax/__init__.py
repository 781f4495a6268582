"""The JAX and Flax front end of solar-import: jaxpr (jax.make_jaxpr) to the SOLAR-C affine
dialect, with the PyTorch importer's size fitting, IR builder and validation. See
docs/jax.md; the primitive table is ops/__init__.py:EMITTERS."""
