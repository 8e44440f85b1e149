"""Streamlit plumbing between the pages and ``treecore``, grouped by what it serves.

Here, the shell every page shares: ``state`` (every session key and the session's data),
``share`` (the view in the address bar), ``sidebar``, ``page`` (what the tree pages do first),
``player``, ``plain`` (text from a file shown as text), ``notice``, ``limits`` and ``guards``.
Below: ``data/`` (reading a table), ``models/`` (each page's model), ``views/`` (what the pages
draw) and ``i18n/`` (English and 中文, one catalogue per part of the app).
"""
