/*
 * aperture.h - agent addresses of locked host memory (aperture.c).
 *
 * As on a discrete GPU, where ROCr maps locked host memory at an alternate GPU address, the
 * emulated GPU sees a locked host range at an address of its own, in a range of addresses
 * reserved for it (nothing else of the process can be mapped there). HIP 5.2 needs the two
 * addresses apart: hipHostUnregister removes its buffer under the device address and then
 * under the host address, and aborts when they are the same. Whatever the emulated GPU
 * reads or writes (copies, fills, kernel arguments) goes through hsat_aperture_host first.
 */
#ifndef HSAT_APERTURE_H
#define HSAT_APERTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <hsa/hsa.h>

/* Gives [host, host+size) an agent address (same offset within its page); *agent is set.
 * HSA_STATUS_ERROR_OUT_OF_RESOURCES when the aperture is full or cannot be reserved. */
hsa_status_t hsat_aperture_map(void *host, size_t size, void **agent);

/* Forgets the agent range that starts at agent's page; false when there is none. */
bool hsat_aperture_unmap(void *agent);

/* Forgets every agent range (last hsa_shut_down); the reservation stays. */
void hsat_aperture_unmap_all(void);

/* The host address of [ptr, ptr+size): ptr itself outside the aperture, the host address
 * inside an agent range that holds the whole span, NULL inside the aperture otherwise (a
 * GPU would fault there). */
void *hsat_aperture_host(const void *ptr, size_t size);

/* Whether any agent range exists (a cheap test before translating kernel arguments). */
bool hsat_aperture_in_use(void);

/* Replaces each 8-byte aligned word of [words, words+size) that is an agent address inside
 * an agent range by its host address (a kernel's arguments, in a private copy). */
void hsat_aperture_translate_words(void *words, size_t size);

#endif /* HSAT_APERTURE_H */
