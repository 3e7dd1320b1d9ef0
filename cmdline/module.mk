# cmdline/: what every command's main shares and nothing else includes (usage_error.h,
# number_option.h, help_output.h; the front door includes help_output.h too).
# Header-only: nothing to build or install here.
