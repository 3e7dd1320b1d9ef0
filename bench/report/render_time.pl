#!/usr/bin/perl
# render_time.pl PAGE WORKDIR: how long the report's timeline takes to draw in headless
# Chromium (through tests/report/CDP.pm): the page's load, then the median of 7 redraws of
# the whole trace and of a view of 1 % of it. Prints "load_ms N full_ms N zoomed_ms N items N".
use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__) . '/../../tests/report';
use CDP;

my ($page, $dir) = @ARGV;
die "usage: render_time.pl PAGE WORKDIR\n" unless $dir;
my $b = CDP->start(log => "$dir/chrome.log", profile => "$dir/profile", timeout => 120);
my $s = $b->open_page;
$b->call('Page.enable', {}, $s);
$b->call('Emulation.setDeviceMetricsOverride', { width => 1300, height => 900,
	deviceScaleFactor => 1, mobile => JSON::PP::false }, $s);
my $t = time;
$b->call('Page.navigate', { url => "file://$page" }, $s);
$b->wait_event('Page.loadEventFired', $s);
my $load = $b->evaluate('performance.getEntriesByType("navigation")[0].loadEventEnd', $s);
my $r = $b->evaluate(<<'JS', $s);
(() => {
	const tl = window.hsatraceTimeline, v = tl.view(), span = v.end - v.begin;
	function median(f) {
		const t = [];
		for (let i = 0; i < 7; i++) {
			const a = performance.now();
			f();
			t.push(performance.now() - a);
		}
		return t.sort((x, y) => x - y)[3];
	}
	const full = median(() => tl.render());
	const items = tl.drawn().visible;
	tl.setView(v.begin + span * 0.5, v.begin + span * 0.51);
	const zoomed = median(() => tl.render());
	return { full: full, zoomed: zoomed, items: items };
})()
JS
printf("load_ms %.0f full_ms %.1f zoomed_ms %.1f items %d\n", $load, $r->{full}, $r->{zoomed}, $r->{items});
$b->stop;
