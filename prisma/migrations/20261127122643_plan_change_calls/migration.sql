-- By hand: a processor call may tell a plan change's price (`set-price`, naming the change) or put the
-- license's own price back after a scheduled change was cancelled (`restore-price`).
ALTER TABLE "ProcessorCall" DROP CONSTRAINT "ProcessorCall_action_check";
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_action_check" CHECK ("action" IN ('cancel', 'pause', 'resume', 'set-seats', 'refund', 'set-price', 'restore-price'));
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_set_price_has_plan_change" CHECK (("action" = 'set-price') = ("planChangeId" IS NOT NULL));
