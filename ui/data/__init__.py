"""The table a session works on, from bytes to a frame: reading a file (``loaders`` and the
``loading`` package, one job per module), the bundled ``samples``, the Data page's ``summary``
and the server's store of ``uploads``. No module here draws anything."""
