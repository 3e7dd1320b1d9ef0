#!/usr/bin/perl
# lqn-network.pl FILE.lqnx PROCESSOR - the closed network an LQN file holds on one processor,
# read from the XML itself (not from hsatrace's code), for tests/model/09-lqn-shared.t:
#
#   processor NAME MULTIPLICITY
#   class TASK POPULATION THINK SYNC ASYNC     one line per reference task
#
# SYNC: the task's demand per cycle on PROCESSOR, its own activities' host-demand-mean plus,
# per synch-call, calls-mean x the called entry's demand there (recursively); ASYNC the
# same through asynch-calls (an open load). Exit 1 on a file it cannot read.
use strict;
use warnings;

my ($file, $want) = @ARGV;
die "usage: lqn-network.pl FILE.lqnx PROCESSOR\n" unless defined $want;
open my $f, '<', $file or die "lqn-network.pl: $file: $!\n";
my $xml = do { local $/; <$f> };
$xml =~ s/<!--.*?-->//gs;
$xml =~ s/<\?.*?\?>//gs;

sub attrs {
	my %a;
	$a{$1} = $2 while $_[0] =~ /([\w:-]+)\s*=\s*"([^"]*)"/g;
	return \%a;
}

my (%proc_mult, @ref, %task_proc, %entry_task, %demand, %calls, %acalls);
my ($proc, $task, $entry);
while ($xml =~ /<(\/?)([\w:-]+)([^>]*?)(\/?)>/g) {
	my ($close, $tag, $attr, $empty) = ($1, $2, $3, $4);
	my $a = attrs($attr);
	if ($close) {
		undef $entry if $tag eq 'entry';
		undef $task if $tag eq 'task';
		undef $proc if $tag eq 'processor';
		next;
	}
	if ($tag eq 'processor') {
		$proc = $a->{name};
		$proc_mult{$proc} = $a->{multiplicity} // 1;
	} elsif ($tag eq 'task') {
		$task = $a->{name};
		$task_proc{$task} = $proc;
		push @ref, [$task, $a->{multiplicity} // 1, $a->{'think-time'} // 0]
			if ($a->{scheduling} // '') eq 'ref';
	} elsif ($tag eq 'entry') {
		$entry = $a->{name};
		$entry_task{$entry} = $task;
		$demand{$entry} //= 0;
	} elsif ($tag eq 'activity' && defined $entry) {
		$demand{$entry} += $a->{'host-demand-mean'};
	} elsif ($tag eq 'synch-call' && defined $entry) {
		push @{$calls{$entry}}, [$a->{dest}, $a->{'calls-mean'}];
	} elsif ($tag eq 'asynch-call' && defined $entry) {
		push @{$acalls{$entry}}, [$a->{dest}, $a->{'calls-mean'}];
	}
	undef $entry if $empty && $tag eq 'entry';
	undef $task if $empty && $tag eq 'task';
}
exists $proc_mult{$want} or die "lqn-network.pl: no processor $want in $file\n";

# An entry's demand per call on $want, its synchronous calls' included.
sub on_processor {
	my ($e, $depth) = @_;
	die "lqn-network.pl: calls nest too deep at $e\n" if $depth > 20;
	die "lqn-network.pl: no entry $e\n" unless exists $entry_task{$e};
	my $d = ($task_proc{$entry_task{$e}} // '') eq $want ? $demand{$e} : 0;
	$d += $_->[1] * on_processor($_->[0], $depth + 1) for @{$calls{$e} // []};
	return $d;
}

print "processor $want $proc_mult{$want}\n";
for my $r (@ref) {
	my ($t, $n, $z) = @$r;
	my ($sync, $async) = (0, 0);
	for my $e (grep { $entry_task{$_} eq $t } keys %entry_task) {
		$sync += on_processor($e, 0);
		$async += $_->[1] * on_processor($_->[0], 0) for @{$acalls{$e} // []};
	}
	printf "class %s %s %.12g %.12g %.12g\n", $t, $n, $z, $sync, $async;
}
