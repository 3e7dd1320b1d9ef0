/*
 * test_tool_dependent.c - a "tool" that defines no OnLoad itself but links test_tool.so:
 * dlsym(handle, "OnLoad") finds the dependency's, which the runtime must not call (ROCr only
 * accepts symbols defined by the tool library itself).
 */
extern int test_tool_signal_create_calls(void);

int test_tool_dependent_marker(void)
{
	return test_tool_signal_create_calls();
}
