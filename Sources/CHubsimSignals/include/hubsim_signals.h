void hubsim_signals_placeholder(void);
