#!/usr/bin/perl
# handler_cost.pl EVENT-COUNTS VIEW.xml... - Trace Compass-side cost of XML analyses on a trace,
# approximated by the event-name tests Trace Compass makes per event:
#   - a stateProvider tests every eventHandler's eventName on every event (semantics.md §3.2);
#   - a pattern FSM tests its <precondition>s in order until one holds (none: the FSM is skipped),
#     then its transitions in order until one matches; without preconditions, its transitions.
# Names match as Trace Compass matches them: '*' is '.*', '|' separates alternatives, whole name.
# EVENT-COUNTS: lines "COUNT NAME" (how many events of each name the trace has).
# Prints per file: handlers, FSM transitions, preconditions, and the tests per event (average).
use strict;
use warnings;

my ($counts_file, @views) = @ARGV;
die "usage: handler_cost.pl EVENT-COUNTS VIEW.xml...\n" unless $counts_file && @views;
open(my $cf, '<', $counts_file) or die "handler_cost: cannot read $counts_file\n";
my (%count, $events);
while (<$cf>) {
	next unless /^\s*(\d+)\s+(\S+)/;
	$count{$2} += $1;
	$events += $1;
}
close $cf;
die "handler_cost: no events in $counts_file\n" unless $events;

sub matcher {
	my ($pattern) = @_;
	my @alts = map { my $a = quotemeta($_); $a =~ s/\\\*/.*/g; $a } split /\|/, $pattern, -1;
	my $re = join('|', @alts);
	return qr/^(?:$re)$/;
}

printf "%-24s %9s %12s %14s %16s\n", "file", "handlers", "transitions", "preconditions",
	"tests per event";
for my $view (@views) {
	open(my $vf, '<', $view) or die "handler_cost: cannot read $view\n";
	local $/;
	my $xml = <$vf>;
	close $vf;
	$xml =~ s/<!--.*?-->//gs;
	my @handlers = map { matcher($_) } ($xml =~ /<eventHandler\s+eventName="([^"]*)"/g);
	my @fsms;
	while ($xml =~ /<fsm\b(.*?)<\/fsm>/gs) {
		my $body = $1;
		push @fsms, {
			pre => [ map { matcher($_) } ($body =~ /<precondition\s+event="([^"]*)"/g) ],
			tr => [ map { matcher($_) } ($body =~ /<transition\s+event="([^"]*)"/g) ],
		};
	}
	my ($tests, $n_tr, $n_pre) = (0, 0, 0);
	$n_tr += scalar @{ $_->{tr} } for @fsms;
	$n_pre += scalar @{ $_->{pre} } for @fsms;
	for my $name (keys %count) {
		my $t = scalar @handlers;
		for my $f (@fsms) {
			my $pass = !@{ $f->{pre} };
			for my $p (@{ $f->{pre} }) {
				$t++;
				if ($name =~ $p) { $pass = 1; last; }
			}
			next unless $pass;
			for my $r (@{ $f->{tr} }) {
				$t++;
				last if $name =~ $r;
			}
		}
		$tests += $t * $count{$name};
	}
	(my $file = $view) =~ s{.*/}{};
	printf "%-24s %9d %12d %14d %16.1f\n", $file, scalar @handlers, $n_tr, $n_pre,
		$tests / $events;
}
