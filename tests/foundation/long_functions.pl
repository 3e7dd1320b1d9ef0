#!/usr/bin/perl
# long_functions.pl - lists the C functions whose body is longer than LIMIT lines.
#
#   perl long_functions.pl LIMIT FILE...    prints "FILE FUNCTION LINES", one per function
#
# The project's style opens a function body with `{` alone at column 0 and closes it with `}`
# at column 0; the body is the lines between them. The function's name is the identifier before
# the first `(` of the nearest line above that starts at column 0 (the signature's first line).
use strict;
use warnings;

if (@ARGV < 1 || $ARGV[0] !~ /^\d+$/) {
	print STDERR "usage: long_functions.pl LIMIT FILE...\n";
	exit 2;
}
my $limit = shift @ARGV;
for my $file (@ARGV) {
	open my $fh, '<', $file or do { print STDERR "long_functions: cannot read $file: $!\n"; exit 2 };
	my @lines = <$fh>;
	for (my $i = 0; $i < @lines; $i++) {
		next unless $lines[$i] =~ /^\{\s*$/;
		my $end = $i + 1;
		$end++ while $end < @lines && $lines[$end] !~ /^\}/;
		my $body = $end - $i - 1;
		print "$file ", function_name(\@lines, $i), " $body\n" if $body > $limit;
		$i = $end;
	}
}

sub function_name {
	my ($lines, $brace) = @_;
	for (my $j = $brace - 1; $j >= 0 && $j >= $brace - 8; $j--) {
		return $1 if $lines->[$j] =~ /^[A-Za-z_][^(]*?\b([A-Za-z_]\w*)\s*\(/;
	}
	return '?';
}
