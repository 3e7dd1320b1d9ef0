#!/usr/bin/perl
# expected.pl - reads the conformance assertions out of Trace Compass's expected-results.md
# (../shared, never copied into the project) for tests/engine/10-conformance.t.
#
#   expected.pl MD section  SECTION              the section's text
#   expected.pl MD line     SECTION KEY          the first line of SECTION containing KEY
#   expected.pl MD intervals SECTION KEY TYPE    the intervals "[s,e]=v" on that line (and on the
#                                                deeper list items under it), one "s e type value"
#                                                per line; TYPE is the type of untyped values
# SECTION is a substring of a "##"/"###" heading; the section runs to the next such heading.
use strict;
use warnings;

my ($md, $cmd, $section, $key, $dflt) = @ARGV;
die "usage: expected.pl MD section|line|intervals SECTION [KEY [TYPE]]\n" unless $section;
open(my $fh, '<', $md) or die "cannot read $md: $!\n";
my @lines = <$fh>;
close($fh);

my @sec;
my $in = 0;
for my $l (@lines) {
	if ($l =~ /^#{2,3} /) {
		last if $in;
		$in = index($l, $section) >= 0;
		next;
	}
	push @sec, $l if $in;
}
die "section not found: $section\n" unless @sec;

if ($cmd eq 'section') {
	print @sec;
	exit 0;
}

my $at;
for my $i (0 .. $#sec) {
	if (index($sec[$i], $key) >= 0) {
		$at = $i;
		last;
	}
}
die "no line with \"$key\" in section $section\n" unless defined $at;
if ($cmd eq 'line') {
	print $sec[$at];
	exit 0;
}
die "unknown command $cmd\n" unless $cmd eq 'intervals';

# the key line, plus the deeper-indented list items that follow it
my @take = ($sec[$at]);
my ($indent) = $sec[$at] =~ /^(\s*)/;
for my $i ($at + 1 .. $#sec) {
	my ($ind) = $sec[$i] =~ /^(\s*)/;
	last unless $sec[$i] =~ /^\s+- / && length($ind) > length($indent);
	push @take, $sec[$i];
}
my $text = join('', @take);
my $n = 0;
while ($text =~ /\[(\d+),(\d+)\]=(int |long |double )?("[^"]*"|null|[^\s`,|]+)/g) {
	my ($s, $e, $type, $v) = ($1, $2, $3, $4);
	if ($v eq 'null') {
		$type = 'null';
	} elsif ($v =~ /^"(.*)"$/) {
		($type, $v) = ('string', $1);
	} elsif ($type) {
		$type =~ s/ $//;
	} else {
		$type = $dflt;
	}
	print "$s $e $type $v\n";
	$n++;
}
die "no intervals on the line with \"$key\" in section $section\n" unless $n;
