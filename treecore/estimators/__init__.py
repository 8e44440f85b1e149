"""The scikit-learn estimators: ``DecisionTreeClassifier`` (:mod:`.classifier`) and
``DecisionTreeRegressor`` (:mod:`.regressor`), their input checks (:mod:`.inputs`) and the bridge
to scikit-learn's base classes (:mod:`.sklearn_compat`)."""
