# cmdline/: what every command's main shares and nothing else includes (usage_error.h,
# number_option.h).
# Header-only: nothing to build or install here.
