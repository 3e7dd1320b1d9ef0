# cli/: the `hsatrace` front door.
PROGRAMS += $(B_BIN)/hsatrace
INSTALL_RULES += install-cli

$(B_BIN)/hsatrace: $(BUILD)/obj/cli/hsatrace.o
	$(link-exe)

.PHONY: install-cli
install-cli: $(B_BIN)/hsatrace
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_BIN)/hsatrace $(DESTDIR)$(PREFIX)/bin/hsatrace
	for f in $(wildcard $(B_LIBEXEC)/hsatrace-*); do \
		install -m 755 $$f $(DESTDIR)$(PREFIX)/libexec/hsatrace/; done
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 docs/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
