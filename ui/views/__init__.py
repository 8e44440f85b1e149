"""What the pages draw, built from treecore values: the tree view (``tree_layout``, ``tree_view``
and its component ``tree_widget`` over ``tree_frontend/``), the static ``drawing``, the plotly
figures of each page (``figures``, ``concepts_figures``, ``ensemble_figures``, ``lab_figures``)
and the node views (``node_view``, ``node_panel``, ``regression_view``, ``grow_regression``,
``flow_view``)."""
