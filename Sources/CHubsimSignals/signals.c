#include "hubsim_signals.h"
void hubsim_signals_placeholder(void) {}
