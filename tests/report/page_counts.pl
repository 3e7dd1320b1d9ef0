#!/usr/bin/perl
# page_counts.pl PAGE: what the timeline of an `hsatrace report` page holds, read from its
# data block with perl's JSON parser (PageData.pm), one "key value" a line:
#   lanes N, counters N, lanes_api N, bars_api N, bars_kernel N, bars_copy N (drawn items of each kind),
#   intervals_api N ... (the intervals they stand for, merged ones counted), points N,
#   samples N (counter samples in all), max_lane_bars N, items N (bars and points in all)
# page_counts.pl PAGE --counters: one line per counter, "LABEL<tab>SAMPLES<tab>POINTS".
use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__);
use PageData;

my $d = PageData::read($ARGV[0] // die "usage: page_counts.pl PAGE [--counters]\n");
if (($ARGV[1] // '') eq '--counters') {
	binmode(STDOUT, ':utf8');
	print "$_->{label}\t$_->{samples}\t" . @{$_->{decoded}} . "\n" for @{$d->{counters}};
	exit 0;
}
my %n = (lanes => scalar @{$d->{lanes}}, counters => scalar @{$d->{counters}}, points => 0, samples => 0, max_lane_bars => 0);
for my $k (qw(api kernel copy)) {
	$n{"lanes_$k"} = $n{"bars_$k"} = $n{"intervals_$k"} = 0;
}
for my $l (@{$d->{lanes}}) {
	my $bars = @{$l->{decoded}};
	$n{"lanes_$l->{kind}"}++;
	$n{"bars_$l->{kind}"} += $bars;
	$n{"intervals_$l->{kind}"} += $_ for @{$l->{count_of}};
	$n{max_lane_bars} = $bars if $bars > $n{max_lane_bars};
}
for my $c (@{$d->{counters}}) {
	$n{points} += @{$c->{decoded}};
	$n{samples} += $c->{samples};
}
$n{items} = $n{bars_api} + $n{bars_kernel} + $n{bars_copy} + $n{points};
print "$_ $n{$_}\n" for sort keys %n;
