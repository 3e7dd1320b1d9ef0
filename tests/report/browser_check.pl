#!/usr/bin/perl
# browser_check.pl PAGE OUTDIR EXPECT: loads an `hsatrace report` page from file:// in
# headless Chromium (network emulated offline), then zooms with the wheel and the keyboard,
# selects a range, searches and hovers, through the DevTools protocol (CDP.pm), checking after
# each step what the page drew against the page's data read independently (PageData.pm) and
# against EXPECT (lines computed from babeltrace2's output by the calling test):
#   copy BEGIN_NS END_NS BYTES            one copy, at GPU time
#   error FUNCTION ENTRY_NS EXIT_NS STATUS  an API call that returned an error status
#   kernel NAME COUNT                     a kernel name and how many times it ran
# Screenshots go to OUTDIR (before.png, zoomed.png, search.png, tooltip-copy.png).
# Prints "ok - NAME" / "not ok - NAME" lines and "# ..." diagnostics, then "done N" (N checks).
use strict;
use warnings;
use File::Basename qw(dirname);
use MIME::Base64 qw(decode_base64);
use lib dirname(__FILE__);
use CDP;
use PageData;

my ($page, $outdir, $expect_file) = @ARGV;
die "usage: browser_check.pl PAGE OUTDIR EXPECT\n" unless $expect_file;
my (%expect, $checks);
open(my $ef, '<', $expect_file) or die "cannot read $expect_file: $!\n";
while (<$ef>) {
	my @f = split;
	$expect{$f[0]} = [ @f[1 .. $#f] ] if @f;
}
close($ef);

sub check {
	my ($cond, $name, @diag) = @_;
	$checks++;
	print(($cond ? 'ok' : 'not ok') . " - $name\n");
	print("# $_\n") for $cond ? () : @diag;
	return $cond;
}

my $data = PageData::read($page);
my $span = $data->{span} > 0 ? $data->{span} : 1;
my $total = PageData::overlapping($data, -1e300, 1e300);
alarm(300); # the whole scenario; each protocol wait has its own deadline too

my $b = CDP->start(log => "$outdir/chrome.log", profile => "$outdir/profile");
my $s = $b->open_page;
$b->call($_, {}, $s) for qw(Page.enable Runtime.enable Network.enable);
$b->call('Network.emulateNetworkConditions', { offline => JSON::PP::true, latency => 0,
	downloadThroughput => -1, uploadThroughput => -1 }, $s);
$b->call('Emulation.setDeviceMetricsOverride', { width => 1300, height => 900,
	deviceScaleFactor => 1, mobile => JSON::PP::false }, $s);
$b->call('Page.navigate', { url => "file://$page" }, $s);
$b->wait_event('Page.loadEventFired', $s);

sub js { $b->evaluate($_[0], $s) }
sub frame { js('new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))))') }
sub shot {
	my ($name) = @_;
	my $r = $b->call('Page.captureScreenshot', { format => 'png' }, $s);
	my $png = decode_base64($r->{data});
	open(my $f, '>:raw', "$outdir/$name") or die "cannot write $outdir/$name: $!\n";
	print $f $png;
	close($f);
	my ($w, $h) = unpack('NN', substr($png, 16, 8));
	return "${w}x$h";
}
sub view { js('hsatraceTimeline.view()') }
sub drawn { js('hsatraceTimeline.drawn()') }
sub canvas_pixels { js('document.getElementById("tl-canvas").toDataURL()') }
sub mouse {
	my ($type, $x, $y, %o) = @_;
	$b->call('Input.dispatchMouseEvent', { type => $type, x => $x, y => $y, %o }, $s);
}
sub key {
	my ($key, $code, $vk, $text) = @_;
	my %k = (key => $key, code => $code, windowsVirtualKeyCode => $vk);
	$k{text} = $text if defined $text;
	$b->call('Input.dispatchKeyEvent', { type => 'keyDown', %k }, $s);
	$b->call('Input.dispatchKeyEvent', { type => 'keyUp', %k }, $s);
	frame();
}
sub near { my ($a, $b, $rel) = @_; abs($a - $b) <= $rel * (abs($b) || 1) }

# ---- loaded, offline, everything drawn --------------------------------------------------
frame();
my @requests = map { $_->{params}{request}{url} } $b->events('Network.requestWillBeSent');
my @outside = grep { !m{^file://} } @requests;
check(!@outside, 'the page requests nothing but its own file', "requested: @outside");
my @errors = map { $_->{params}{exceptionDetails}{exception}{description} //
		   $_->{params}{exceptionDetails}{text} } $b->events('Runtime.exceptionThrown');
check(!@errors, 'the page\'s script runs without an exception', @errors);
my $d0 = drawn();
check($d0->{visible} == $total, "the whole trace in view: every item and counter point drawn ($total)",
      "drawn $d0->{visible}");
my $lanes = js('hsatraceTimeline.lanes()');
check(@$lanes == @{$data->{lanes}}, 'one lane per lane of the data (' . @$lanes . ')');
js('document.getElementById("tl-canvas").scrollIntoView()');
frame();
check(shot('before.png') eq '1300x900', 'a 1300x900 screenshot before zooming');
my $rect = js('(() => { const c = document.getElementById("tl-canvas"), r = c.getBoundingClientRect();' .
	      ' return { left: r.left + c.clientLeft, top: r.top + c.clientTop, width: c.clientWidth }; })()');
my ($label_w, $pad) = (240, 8);
my $plot_w = $rect->{width} - $label_w - $pad;
my $ax = $rect->{left} + $label_w + 0.4 * $plot_w;
my $ay = $rect->{top} + 30;

# ---- the wheel zooms around the pointer -------------------------------------------------
my $pixels0 = canvas_pixels();
my $range0 = js('document.getElementById("tl-range").textContent');
my $at = js("hsatraceTimeline.view().begin + 0.4 * (hsatraceTimeline.view().end - hsatraceTimeline.view().begin)");
mouse('mouseWheel', $ax, $ay, deltaX => 0, deltaY => -400) for 1 .. 3;
frame();
my $v = view();
my $w = $v->{end} - $v->{begin};
my $d1 = drawn();
my $want = PageData::overlapping($data, $v->{begin}, $v->{end});
check($w < ($span * 1.1) / 5, "three wheel notches zoom in (view $w ns of $span)");
check(near(($at - $v->{begin}) / $w, 0.4, 0.01), 'the time under the pointer stays under the pointer',
      "at $at, view $v->{begin} .. $v->{end}");
check($d1->{visible} == $want && $want < $total,
      "zoomed: only the $want items overlapping the view are drawn (of $total)",
      "drawn $d1->{visible}");
check(canvas_pixels() ne $pixels0 && js('document.getElementById("tl-range").textContent') ne $range0,
      'the canvas and the view range shown changed');
shot('zoomed.png');

# ---- the keyboard: - zooms out by 1.5, the right arrow pans by a fifth -------------------
js('document.getElementById("tl-canvas").focus()');
key('-', 'Minus', 189, '-');
my $v2 = view();
check(near($v2->{end} - $v2->{begin}, 1.5 * $w, 1e-6), "key '-' zooms out by 1.5",
      'view ' . ($v2->{end} - $v2->{begin}) . " after $w");
key('ArrowRight', 'ArrowRight', 39);
my $v3 = view();
check(near($v3->{begin} - $v2->{begin}, 0.2 * ($v2->{end} - $v2->{begin}), 1e-6),
      'the right arrow pans by a fifth of the view', "begin $v2->{begin} -> $v3->{begin}");
check(drawn()->{visible} == PageData::overlapping($data, $v3->{begin}, $v3->{end}),
      'after the keys, the items overlapping the new view are drawn');

# ---- a shift+drag selects a range, shows its duration, Enter zooms to it ---------------
key('0', 'Digit0', 48, '0');
my ($x1, $x2) = ($rect->{left} + $label_w + 0.25 * $plot_w, $rect->{left} + $label_w + 0.5 * $plot_w);
mouse('mousePressed', $x1, $ay, button => 'left', buttons => 1, clickCount => 1, modifiers => 8);
mouse('mouseMoved', $x2, $ay, button => 'left', buttons => 1, modifiers => 8);
mouse('mouseReleased', $x2, $ay, button => 'left', buttons => 0, clickCount => 1, modifiers => 8);
frame();
my $full = view();
my $sel_ns = 0.25 * ($full->{end} - $full->{begin});
my $sel = js('document.getElementById("tl-selection").textContent');
check(scalar($sel =~ /^selection \+.* \.\. \+.*: ([0-9.]+) (ns|us|ms|s) /), "the selection's duration is shown ($sel)");
my %unit = (ns => 1, us => 1e3, ms => 1e6, s => 1e9);
check(defined $1 && near($1 * $unit{$2}, $sel_ns, 0.05), "it is the selected quarter of the view ($sel_ns ns)");
key('Enter', 'Enter', 13, "\r");
my $v4 = view();
check(near($v4->{end} - $v4->{begin}, $sel_ns, 0.01), 'Enter zooms to the selection',
      'view ' . ($v4->{end} - $v4->{begin}));

# ---- search: the matching bars stay coloured, Enter jumps to the next match -------------
key('0', 'Digit0', 48, '0');
my ($kname, $kcount) = @{$expect{kernel}};
my $pixels1 = canvas_pixels();
js('document.getElementById("tl-search").focus()');
$b->call('Input.insertText', { text => $kname }, $s);
frame();
my $bars = js('document.getElementById("tl-matches").getAttribute("data-bars")');
check(defined $bars && $bars == $kcount, "searching '$kname' matches its $kcount launches",
      'matches: ' . js('document.getElementById("tl-matches").textContent'));
check(drawn()->{matchesVisible} == $kcount, 'all of them are in view and drawn as matches');
check(canvas_pixels() ne $pixels1, 'the search changed what the canvas shows');
shot('search.png');
key('Enter', 'Enter', 13, "\r");
my $v5 = view();
check($v5->{end} - $v5->{begin} < $span / 2 && drawn()->{matchesVisible} >= 1,
      'Enter in the search box zooms to a match', "view $v5->{begin} .. $v5->{end}");
js('(() => { const s = document.getElementById("tl-search"); s.value = "";' .
   ' s.dispatchEvent(new Event("input")); })()');

# ---- tooltips: every field of a copy and of a failed API call ---------------------------
my $t0 = $data->{t0};
sub find_item {
	my ($kind, $begin) = @_;
	for my $k (0 .. $#{$data->{lanes}}) {
		my $l = $data->{lanes}[$k];
		next unless $l->{kind} eq $kind;
		for my $i (0 .. $#{$l->{decoded}}) {
			return ($k, $i, $l->{decoded}[$i]) if $l->{decoded}[$i]{begin} == $begin;
		}
	}
	return;
}
sub hover {
	my ($k, $i, $it) = @_;
	my $dur = $it->{end} - $it->{begin};
	js("hsatraceTimeline.setView($it->{begin} - $dur, $it->{end} + $dur)");
	frame();
	my $p = js("hsatraceTimeline.locate($k, $i)");
	return '' unless $p;
	mouse('mouseMoved', $p->{x}, $p->{y});
	frame();
	return js('(() => { const t = document.getElementById("tl-tooltip");' .
		  ' return t.hidden ? "" : t.innerText; })()');
}
my ($cb, $ce, $cbytes) = @{$expect{copy}};
my ($k, $i, $it) = find_item('copy', $cb - $t0);
if (check(defined $k, 'the copy is in the data, at its GPU begin time')) {
	my $tip = hover($k, $i, $it);
	my $bw = sprintf('%.3f GB/s', $cbytes / ($ce - $cb));
	check($tip =~ /\b$cbytes bytes\b/ && index($tip, $bw) >= 0,
	      "hovering the copy shows its bytes ($cbytes) and bandwidth ($bw)", split(/\n/, $tip));
	shot('tooltip-copy.png');
}
my ($fn, $eb, $ee, $status) = @{$expect{error}};
($k, $i, $it) = find_item('api', $eb - $t0);
if (check(defined $k && $it->{end} == $ee - $t0, "the failed $fn call is in the data")) {
	my $tip = hover($k, $i, $it);
	my $hex = sprintf('0x%x', $status);
	check(index($tip, $fn) >= 0 && $tip =~ /status\s+\Q$hex\E \(error\)/,
	      "hovering it shows its function and status $hex (error)", split(/\n/, $tip));
}
@errors = map { $_->{params}{exceptionDetails}{exception}{description} //
		$_->{params}{exceptionDetails}{text} } $b->events('Runtime.exceptionThrown');
check(!@errors, 'no script exception along the way', @errors);
$b->stop;
print "done $checks\n";
