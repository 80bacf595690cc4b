namespace App
{
    public class Child : Base
    {
        public override void Save()
        {
            base.Save();
        }

        void Run()
        {
            this.Save();
        }
    }
}
