# CDP.pm - drives a headless Chromium through the DevTools protocol over a pipe
# (--remote-debugging-pipe: commands on the browser's fd 3, answers and events on its fd 4,
# each a JSON text ended by a NUL byte), so the browser tests need no WebSocket client and no
# package beyond Debian's chromium and perl.
#
#   my $b = CDP->start(log => "$dir/chrome.log", profile => "$dir/profile");
#   my $s = $b->open_page;                         # a new tab, attached: its session id
#   $b->call('Page.navigate', { url => 'file://...' }, $s);
#   $b->wait_event('Page.loadEventFired', $s);
#   my $v = $b->evaluate('1 + 1', $s);             # the value, or dies with the exception
#   $b->stop;
#
# Every wait has a deadline (timeout => seconds, default 30): a browser that hangs makes the
# call die with a message, never the test hang.
package CDP;
use strict;
use warnings;
use IO::Handle;
use IO::Select;
use JSON::PP;
use POSIX ();

sub start {
	my ($class, %o) = @_;
	my $chromium = $o{chromium} || 'chromium';
	my @cmd = ($chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
		   '--no-first-run', '--disable-background-networking', '--disable-component-update',
		   '--disable-sync', '--disable-extensions', '--remote-debugging-pipe',
		   "--user-data-dir=$o{profile}", 'about:blank');
	pipe(my $cmd_r, my $cmd_w) or die "pipe: $!";
	pipe(my $ev_r, my $ev_w) or die "pipe: $!";
	my $pid = fork();
	die "fork: $!" unless defined $pid;
	if ($pid == 0) {
		# Out of the way of 3 and 4 first, then onto them (dup2 clears close-on-exec).
		my $r = POSIX::dup(fileno($cmd_r));
		my $w = POSIX::dup(fileno($ev_w));
		POSIX::dup2($r, 3);
		POSIX::dup2($w, 4);
		open(STDIN, '<', '/dev/null');
		open(STDOUT, '>>', $o{log});
		open(STDERR, '>>', $o{log});
		exec(@cmd) or POSIX::_exit(127);
	}
	close($cmd_r);
	close($ev_w);
	$cmd_w->autoflush(1);
	my $self = bless { pid => $pid, w => $cmd_w, r => $ev_r, buf => '', id => 0, events => [],
			   answers => {}, timeout => $o{timeout} || 30,
			   json => JSON::PP->new->utf8->canonical }, $class;
	return $self;
}

# Reads one message (waiting at most until $deadline); dies when the browser is gone.
sub _read_message {
	my ($self, $deadline) = @_;
	while (1) {
		my $nul = index($self->{buf}, "\0");
		if ($nul >= 0) {
			my $text = substr($self->{buf}, 0, $nul);
			substr($self->{buf}, 0, $nul + 1) = '';
			return $self->{json}->decode($text);
		}
		my $left = $deadline - time;
		die "CDP: no answer from the browser in time\n" if $left <= 0;
		my @ready = IO::Select->new($self->{r})->can_read($left);
		next unless @ready;
		my $n = sysread($self->{r}, my $chunk, 1 << 20);
		die "CDP: the browser closed its pipe (see its log)\n" unless $n;
		$self->{buf} .= $chunk;
	}
}

sub _dispatch {
	my ($self, $m) = @_;
	if (defined $m->{id}) {
		$self->{answers}{$m->{id}} = $m;
	} else {
		push @{$self->{events}}, $m;
	}
}

# Sends a command and returns its result; dies with the protocol's error.
sub call {
	my ($self, $method, $params, $session) = @_;
	my $id = ++$self->{id};
	my $msg = { id => $id, method => $method, params => $params || {} };
	$msg->{sessionId} = $session if defined $session;
	syswrite($self->{w}, $self->{json}->encode($msg) . "\0") or die "CDP: write: $!\n";
	my $deadline = time + $self->{timeout};
	until ($self->{answers}{$id}) {
		$self->_dispatch($self->_read_message($deadline));
	}
	my $a = delete $self->{answers}{$id};
	die "CDP: $method failed: $a->{error}{message}\n" if $a->{error};
	return $a->{result};
}

# Waits for (and removes) the first event named $method of $session; returns its params.
sub wait_event {
	my ($self, $method, $session) = @_;
	my $deadline = time + $self->{timeout};
	while (1) {
		my @ev = @{$self->{events}};
		for my $i (0 .. $#ev) {
			next unless $ev[$i]{method} eq $method;
			next if defined $session && ($ev[$i]{sessionId} // '') ne $session;
			splice(@{$self->{events}}, $i, 1);
			return $ev[$i]{params};
		}
		$self->_dispatch($self->_read_message($deadline));
	}
}

# The events received so far named $method (kept).
sub events {
	my ($self, $method) = @_;
	return grep { $_->{method} eq $method } @{$self->{events}};
}

# A new tab, attached in flat mode: returns its session id.
sub open_page {
	my ($self) = @_;
	my $t = $self->call('Target.createTarget', { url => 'about:blank' });
	my $a = $self->call('Target.attachToTarget', { targetId => $t->{targetId}, flatten => JSON::PP::true });
	return $a->{sessionId};
}

# Evaluates a JS expression (promises awaited) and returns its value.
sub evaluate {
	my ($self, $expr, $session) = @_;
	my $r = $self->call('Runtime.evaluate', { expression => $expr, returnByValue => JSON::PP::true,
						  awaitPromise => JSON::PP::true }, $session);
	if ($r->{exceptionDetails}) {
		my $d = $r->{exceptionDetails};
		die "CDP: evaluating '$expr' threw: " .
		    ($d->{exception}{description} // $d->{text}) . "\n";
	}
	return $r->{result}{value};
}

sub stop {
	my ($self) = @_;
	return unless $self->{pid};
	eval { $self->call('Browser.close') };
	close($self->{w});
	my $deadline = time + 10;
	while (waitpid($self->{pid}, POSIX::WNOHANG()) == 0) {
		if (time > $deadline) {
			kill('KILL', $self->{pid});
			waitpid($self->{pid}, 0);
			last;
		}
		select(undef, undef, undef, 0.1);
	}
	$self->{pid} = 0;
}

sub DESTROY { $_[0]->stop }

1;
