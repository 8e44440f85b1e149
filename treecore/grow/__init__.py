"""Growth: Hunt's TreeGenerate and the engines that run it.

=========================  ===================================================================
:mod:`.engines`             ``grow``/``grow_steps``: which engine grows a tree
:mod:`.builder`             the readable builder, Python per node: the reference the compiled
                            engines are held to; forced splits, validation-set pre-pruning
:mod:`.growing`             what every engine shares: configuration, growth steps, the
                            deadline
:mod:`.array_nodes`         a compiled engine's tree as objects: node values and impurities
                            from its arrays, its nodes and candidates made when first asked
:mod:`.kernel_rules`        what both compiled engines share, written once: stop codes, Hunt's
                            first case, the limits before and after the choice, the choice,
                            the packed entry of a sorted row
:mod:`.threads`             sharing a compiled phase of growth among threads
:mod:`.presorted`           the compiled engine for continuous, complete tables (rows sorted
                            once at the root); its arrays and phases in
                            :mod:`.presorted_arrays`, :mod:`.presorted_kernel`
:mod:`.nodewise`            the compiled engine for every other table (nominal features,
                            missing values, regression on mixed tables, the absolute error); its
                            sorted table (one per tree, or one per ensemble), arrays, scoring,
                            CART subsets, phases and finished tree in :mod:`.nodewise_sort`,
                            :mod:`.nodewise_arrays`, :mod:`.nodewise_scoring`,
                            :mod:`.nodewise_subsets`, :mod:`.nodewise_kernel`,
                            :mod:`.nodewise_tree`
:mod:`.j48`                 C4.5 release 8 in Weka's J48 arithmetic
=========================  ===================================================================
"""
