// SPDX-License-Identifier: GPL-2.0
/*
 * irq.c - interrupt lines and hrtimers (irq.h): the IRQ core's disable
 * depth and resend of a pending event, and one-shot pacing timers.
 */
#include "irq.h"

void rl_request_irq(struct rl_model *m, struct rl_irq *irq,
		    rl_irq_handler_t handler, void *data)
{
	memset(irq, 0, sizeof(*irq));
	irq->m = m;
	irq->handler = handler;
	irq->data = data;
}

void rl_free_irq(struct rl_irq *irq)
{
	irq->handler = NULL;
	irq->data = NULL;
}

void rl_disable_irq_nosync(struct rl_irq *irq)
{
	irq->depth++;
}

static void irq_handle(struct rl_irq *irq)
{
	irq->handled++;
	rl_cost_add(irq->m, RL_COST_IRQ, 1);
	if (irq->handler)
		irq->handler(irq->data);
}

void rl_enable_irq(struct rl_irq *irq)
{
	/* __enable_irq(): WARN(1, "Unbalanced enable for IRQ %d\n", irq) */
	if (!irq->depth) {
		rl_ledger_report_count(irq->m->ledger, RL_F_IRQ, RL_OBJ_DESC, 0,
				       1, 0,
				       "enable_irq: unbalanced enable for IRQ (__enable_irq WARN)");
		return;
	}
	if (--irq->depth || !irq->pending)
		return;
	/* check_irq_resend(): the event that came while disabled */
	irq->pending = false;
	irq_handle(irq);
}

void rl_irq_raise(struct rl_irq *irq)
{
	irq->raised++;
	if (irq->depth) {
		irq->pending = true;
		return;
	}
	irq_handle(irq);
}

bool rl_irq_disabled(const struct rl_irq *irq)
{
	return irq->depth;
}

bool rl_irq_is_valid(const struct rl_irq *irq)
{
	return !irq->pending || irq->depth;
}

void rl_hrtimer_init(struct rl_model *m, struct rl_hrtimer *t,
		     rl_hrtimer_fn fn, void *data)
{
	memset(t, 0, sizeof(*t));
	t->m = m;
	t->fn = fn;
	t->data = data;
}

void rl_hrtimer_start(struct rl_hrtimer *t)
{
	t->armed = true;
}

void rl_hrtimer_cancel(struct rl_hrtimer *t)
{
	/* hrtimer_cancel() waits for a running callback: it may run first */
	if (t->armed)
		rl_model_wait(t->m, RL_WAIT_HRTIMER_CANCEL);
	t->armed = false;
}

bool rl_hrtimer_fire(struct rl_hrtimer *t)
{
	if (!t->armed)
		return false;
	t->armed = false;
	t->fired++;
	t->fn(t->data);
	return true;
}
