/*
 * queue_limits.h - the AQL queue limits: what the GPU agent reports (agents.c) and what queue
 * creation enforces (queue.c), in a header of their own so the agents need not see the queues.
 */
#ifndef HSAT_QUEUE_LIMITS_H
#define HSAT_QUEUE_LIMITS_H

#define HSAT_QUEUES_MAX 128
#define HSAT_QUEUE_MIN_SIZE 64
#define HSAT_QUEUE_MAX_SIZE 16384

#endif /* HSAT_QUEUE_LIMITS_H */
