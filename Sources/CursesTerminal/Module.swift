// placeholder while the module is being written
