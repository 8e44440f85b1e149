"""Streamlit plumbing between the pages and ``treecore``: session state, loaders, text, figures.

Modules that do not import Streamlit (``loaders``, ``samples``, ``summary``) are plain functions
of their arguments and are tested without it.
"""
