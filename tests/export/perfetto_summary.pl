#!/usr/bin/perl
# Reads a Chrome JSON trace-event file (with perl's core JSON::PP: dies when it is not JSON)
# and prints what tests/export/03-perfetto.t compares, one "key=value" per line.
use strict;
use warnings;
use JSON::PP;

local $/;
my $json = decode_json(<STDIN>);
my $events = $json->{traceEvents} or die "no traceEvents\n";
my (%count, %kernel_names, %start_of, @flow_ends, %tracks, %slices, $bad_fields);
$bad_fields = 0;
for my $e (@$events) {
	my ($ph, $cat) = ($e->{ph}, $e->{cat} // '');
	$bad_fields++ unless defined $e->{pid} && defined $e->{tid};
	if ($ph eq 'X') {
		$count{"slice_$cat"}++;
		$bad_fields++ unless defined $e->{ts} && defined $e->{dur} && $e->{dur} >= 0;
		$kernel_names{$e->{name}}++ if $cat eq 'kernel';
		push @{$slices{"$e->{pid}/$e->{tid}"}}, [$e->{ts}, $e->{ts} + $e->{dur}]
			if $cat eq 'api';
	} elsif ($ph eq 'M') {
		$count{"meta_$e->{name}"}++;
		$tracks{$e->{args}{name}} = 1 if $e->{name} eq 'thread_name' && $e->{tid} >= 0x40000000;
	} elsif ($ph eq 's') {
		$start_of{$e->{id}} = $e->{ts};
	} elsif ($ph eq 'f') {
		push @flow_ends, $e;
	} elsif ($ph eq 'i') {
		$count{"instant_$e->{name}"}++;
	} elsif ($ph eq 'C') {
		$count{counter}++;
	}
}
# Flow arrows: every end has its start (same id), no later than the end.
my $unmatched = grep { !defined $start_of{$_->{id}} || $start_of{$_->{id}} > $_->{ts} } @flow_ends;
# Slices of a thread nest: each one inside the enclosing one, or after it.
my $bad_nesting = 0;
for my $list (values %slices) {
	my @stack;
	for my $s (sort { $a->[0] <=> $b->[0] || $b->[1] <=> $a->[1] } @$list) {
		pop @stack while @stack && $stack[-1][1] <= $s->[0];
		$bad_nesting++ if @stack && $s->[1] > $stack[-1][1] + 1e-9;
		push @stack, $s;
	}
}
print "$_=", $count{$_} // 0, "\n"
	for qw(slice_api slice_kernel slice_copy counter meta_process_name meta_thread_name
	       instant_barrier_and instant_barrier_or instant_kernel_dispatch);
print "flow_ends=", scalar(@flow_ends), "\n";
print "flow_unmatched=$unmatched\n";
print "bad_nesting=$bad_nesting\n";
print "bad_fields=$bad_fields\n";
print "time_unit=", $json->{displayTimeUnit} // '', "\n";
print "track=$_\n" for sort keys %tracks;
print "kernel=$_,$kernel_names{$_}\n" for sort keys %kernel_names;
