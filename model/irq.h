/* SPDX-License-Identifier: GPL-2.0 */
/*
 * irq.h - a device interrupt line and an hrtimer, as far as who runs when
 * depends on them.
 *
 * rl_irq follows the IRQ core (kernel/irq/manage.c, kernel/irq/resend.c):
 * disable_irq_nosync() raises a depth, enable_irq() lowers it (an enable
 * at depth 0 is the core's "Unbalanced enable for IRQ" WARN), an event
 * raised while the line is disabled is kept pending and resent when the
 * depth returns to 0 (IRQS_PENDING, check_irq_resend).  The handler runs
 * in hard-IRQ context: here, at once, from rl_irq_raise() or the enable.
 *
 * rl_hrtimer is an hrtimer in relative mode whose expiry is "later": the
 * world fires armed timers when time passes (rl_hrtimer_fire).
 * hrtimer_cancel() is a wait point: a callback about to run may run first.
 */
#ifndef RL_IRQ_H
#define RL_IRQ_H

#include "model.h"

typedef void (*rl_irq_handler_t)(void *data);

struct rl_irq {
	struct rl_model *m;
	rl_irq_handler_t handler;	/* request_irq(): the driver's handler */
	void *data;
	u32 depth;		/* disable_irq_nosync() not yet enabled again */
	bool pending;		/* raised while disabled (IRQS_PENDING) */
	u32 raised;		/* events the device raised */
	u32 handled;		/* handler runs */
};

/* request_irq(): the line starts enabled. */
void rl_request_irq(struct rl_model *m, struct rl_irq *irq,
		    rl_irq_handler_t handler, void *data);
/* free_irq(): the handler is gone; a later event finds no action. */
void rl_free_irq(struct rl_irq *irq);
void rl_disable_irq_nosync(struct rl_irq *irq);
/* enable_irq(): an IRQ finding at depth 0; a pending event is resent. */
void rl_enable_irq(struct rl_irq *irq);
/* The device raises the line: the handler runs now, or it stays pending. */
void rl_irq_raise(struct rl_irq *irq);
bool rl_irq_disabled(const struct rl_irq *irq);
/* Invariant: a pending event only on a disabled line. */
bool rl_irq_is_valid(const struct rl_irq *irq);

typedef void (*rl_hrtimer_fn)(void *data);

struct rl_hrtimer {
	struct rl_model *m;
	rl_hrtimer_fn fn;	/* returns HRTIMER_NORESTART: one shot */
	void *data;
	bool armed;
	u32 fired;
};

/* hrtimer_init() with the callback. */
void rl_hrtimer_init(struct rl_model *m, struct rl_hrtimer *t,
		     rl_hrtimer_fn fn, void *data);
/* hrtimer_start(): (re)arm. */
void rl_hrtimer_start(struct rl_hrtimer *t);
/*
 * hrtimer_cancel(): waits for a callback that is running (wait point
 * RL_WAIT_HRTIMER_CANCEL: the world may let it fire first), then disarms.
 * Proof view (proofs/README.md, A3): the timer disarmed; what runs at the
 * wait (the callback, other contexts) is left out like napi_disable's.
 */
/*@ requires \valid(t);
  @ assigns t->armed, t->fired;
  @ ensures disarmed: !t->armed;
  @*/
void rl_hrtimer_cancel(struct rl_hrtimer *t);
/* Time passed: run the callback of an armed timer (the world does). */
bool rl_hrtimer_fire(struct rl_hrtimer *t);

#endif /* RL_IRQ_H */
