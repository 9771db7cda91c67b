"""The version of the ``idna`` package whose API puny.compat.idna follows."""

__version__ = "3.20"
