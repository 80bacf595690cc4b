namespace App
{
    public class Base
    {
        public virtual void Save() { }
    }
}
