-- AlterTable
ALTER TABLE "License" ADD COLUMN     "paidThrough" TIMESTAMP(3);

-- By hand: a processor call may make a refund.
ALTER TABLE "ProcessorCall" DROP CONSTRAINT "ProcessorCall_action_check";
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_action_check" CHECK ("action" IN ('cancel', 'pause', 'resume', 'set-seats', 'refund'));
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_refund_has_refund" CHECK (("action" = 'refund') = ("refundId" IS NOT NULL));
